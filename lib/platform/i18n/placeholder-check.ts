import type { Assert, SamePlaceholders } from '@/lib/platform/i18n/catalog';
import type { de } from '@/lib/platform/i18n/de';
import type { es } from '@/lib/platform/i18n/es';
import type { fr } from '@/lib/platform/i18n/fr';

/**
 * Type-only: `npm run typecheck` fails, naming the keys, when a translation's `{placeholders}`
 * differ from English's (a missing or an unknown key already fails each catalog's
 * `satisfies Catalog`). test/unit/i18n/catalogs.test.ts checks the same at run time.
 */
export type CatalogsChecked = [Assert<SamePlaceholders<typeof fr>>, Assert<SamePlaceholders<typeof de>>, Assert<SamePlaceholders<typeof es>>];
