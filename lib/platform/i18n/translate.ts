import type { en } from '@/lib/platform/i18n/en';

/**
 * The one door every UI string goes through, so that the product can be translated by adding a
 * catalog. A message is plain text with `{name}` placeholders; plurals are `<base>.one` /
 * `<base>.other` pairs chosen by the locale's plural rules, so translators never edit code.
 *
 * No catalog is imported here: a page's first paint installs only its own few messages
 * (lib/platform/i18n/first-paint/), and `@/lib/platform/i18n` (index.ts) installs the whole English catalog as the
 * fallback, so that the code that needs it brings it.
 */
export type Messages = typeof en;
export type MessageKey = keyof Messages;

type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
export type ParamsOf<K extends MessageKey> = Placeholders<Messages[K]>;
type Params = Record<string, string | number>;
type ArgsOf<K extends MessageKey> = [ParamsOf<K>] extends [never] ? [] : [params: Record<ParamsOf<K>, string | number>];

type PluralBase = { [K in MessageKey]: K extends `${infer Base}.other` ? Base : never }[MessageKey];

type Partial = { readonly [K in MessageKey]?: string };

let locale = 'en';
let catalog: Partial = {};
let fallback: Partial = {};
const formatters = new Map<string, unknown>();

/**
 * Intl formatters are costly to build (a popup listing 20 dated lookups spent more time
 * constructing them than rendering), so each kind is built once per locale.
 */
export function cachedFormatter<T>(kind: string, build: (locale: string) => T): T {
  const key = `${locale}|${kind}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build(locale);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Installs a translation; keys it lacks fall back to English rather than showing a key. */
export function setCatalog(nextLocale: string, messages: Partial): void {
  locale = nextLocale;
  catalog = messages;
}

/** The English messages a key falls back to: the whole catalog once `@/lib/platform/i18n` is loaded. */
export function setFallback(messages: Partial): void {
  fallback = messages;
}

export function currentLocale(): string {
  return locale;
}

export function formatNumber(value: number): string {
  return cachedFormatter('number', (l) => new Intl.NumberFormat(l)).format(value);
}

function fill(template: string, params: Params | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}

/** A key no installed catalog has (a first paint asked for a message it does not carry) reads as the key, never as a crash. */
const message = (key: MessageKey): string => catalog[key] ?? fallback[key] ?? key;

export function t<K extends MessageKey>(key: K, ...args: ArgsOf<K>): string {
  return fill(message(key), args[0] as Params | undefined);
}

/** A count-dependent message; `{count}` is available in both forms. */
export function tn<B extends PluralBase>(base: B, count: number, params: Params = {}): string {
  const form = cachedFormatter('plural', (l) => new Intl.PluralRules(l)).select(count) === 'one' ? 'one' : 'other';
  return fill(message(`${base}.${form}` as MessageKey), { ...params, count });
}
