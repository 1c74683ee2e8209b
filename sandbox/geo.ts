/** Country facts the records and the generator share, keyed by ISO 3166-1 alpha-2 code. */

export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  AU: 'Australia',
  CA: 'Canada',
  DE: 'Germany',
  DK: 'Denmark',
  ES: 'Spain',
  FR: 'France',
  GB: 'United Kingdom',
  IE: 'Ireland',
  JP: 'Japan',
  US: 'United States',
};

// The interface offers personal-email enrichment only outside the EU, so the sandbox needs to
// know which people it must not reveal a personal email for.
const EU_MEMBERS = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
]);

export function isInEu(country: string): boolean {
  return EU_MEMBERS.has(country.toUpperCase());
}

export function countryName(country: string): string {
  return COUNTRY_NAMES[country] ?? country;
}
