import type { en } from '@/lib/platform/i18n/en';
import type { enBookFirstPaint } from '@/lib/platform/i18n/first-paint/book-en';
import type { enFirstPaint } from '@/lib/platform/i18n/first-paint/en';
import type { enPanelFirstPaint } from '@/lib/platform/i18n/first-paint/panel-en';
import type { enHistoryFirstPaint } from '@/lib/platform/i18n/first-paint/history-en';

/**
 * What a translation must be: every key of the English catalog, no other, each a string. A
 * catalog declared `satisfies Catalog` fails the type check on a missing or an unknown key.
 */
export type Catalog = { readonly [K in keyof typeof en]: string };

/** The messages of the first paint (lib/platform/i18n/first-paint/), in one language: the same keys as English's. */
export type FirstPaintCatalog = { readonly [K in keyof typeof enFirstPaint]: string };

/** The in-page panel's first-paint messages (lib/platform/i18n/first-paint/panel-*.ts), in one language. */
export type PanelFirstPaintCatalog = { readonly [K in keyof typeof enPanelFirstPaint]: string };

/** The contact book's first-paint messages (lib/platform/i18n/first-paint/book-<lang>.ts), in one language. */
export type BookFirstPaintCatalog = { readonly [K in keyof typeof enBookFirstPaint]: string };

/** The history page's first paint messages (lib/platform/i18n/first-paint/history-<lang>.ts), in one language. */
export type HistoryFirstPaintCatalog = { readonly [K in keyof typeof enHistoryFirstPaint]: string };

type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The keys whose `{placeholders}` differ from English's in catalog `C` (declared `as const`). */
export type PlaceholderMismatches<C extends Catalog> = {
  [K in keyof Catalog]: [Placeholders<C[K]>] extends [Placeholders<(typeof en)[K]>]
    ? [Placeholders<(typeof en)[K]>] extends [Placeholders<C[K]>]
      ? never
      : K
    : K;
}[keyof Catalog];

/** `true` when `C` uses each message's placeholders exactly as English does; else names the keys. */
export type SamePlaceholders<C extends Catalog> = [PlaceholderMismatches<C>] extends [never] ? true : { mismatched: PlaceholderMismatches<C> };

/** `Assert<SamePlaceholders<typeof fr>>` fails the type check, naming the keys, when a placeholder differs. */
export type Assert<T extends true> = T;
