import type { CountryCode } from 'libphonenumber-js';

const LANGUAGE_REGIONS: Record<string, CountryCode> = {
  en: 'US', fr: 'FR', de: 'DE', es: 'ES', pt: 'PT', it: 'IT', nl: 'NL', pl: 'PL', sv: 'SE', da: 'DK',
  nb: 'NO', no: 'NO', fi: 'FI', cs: 'CZ', el: 'GR', hu: 'HU', ro: 'RO', ja: 'JP', ko: 'KR', zh: 'CN', ru: 'RU', tr: 'TR',
};

/** The region to read national numbers in: the setting first, else the page's language (`fr-BE` → BE, `fr` → FR). */
export function regionFor(setting: string | null, pageLanguage: string | undefined): CountryCode | undefined {
  if (setting) return setting as CountryCode;
  if (!pageLanguage) return undefined;
  const [lang, region] = pageLanguage.split(/[-_]/);
  if (region && /^[a-z]{2}$/i.test(region)) return region.toUpperCase() as CountryCode;
  return lang ? LANGUAGE_REGIONS[lang.toLowerCase()] : undefined;
}
