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

const CONTINENTS: Readonly<Record<string, string>> = {
  AU: 'Oceania',
  CA: 'North America',
  US: 'North America',
  JP: 'Asia',
};

/** The continent a person lives on, as enrichment records commonly carry it. */
export function continentOf(country: string): string {
  return CONTINENTS[country] ?? 'Europe';
}

// One zone per country, except where the directory's regions span several.
const ZONES: Readonly<Record<string, string>> = {
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  ES: 'Europe/Madrid',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  JP: 'Asia/Tokyo',
  'AU/New South Wales': 'Australia/Sydney',
  'AU/Queensland': 'Australia/Brisbane',
  'AU/Victoria': 'Australia/Melbourne',
  'AU/Western Australia': 'Australia/Perth',
  'CA/Alberta': 'America/Edmonton',
  'CA/British Columbia': 'America/Vancouver',
  'CA/Ontario': 'America/Toronto',
  'CA/Québec': 'America/Toronto',
  'US/California': 'America/Los_Angeles',
  'US/Washington': 'America/Los_Angeles',
  'US/Colorado': 'America/Denver',
  'US/Texas': 'America/Chicago',
  'US/Massachusetts': 'America/New_York',
  'US/New York': 'America/New_York',
  'US/Rhode Island': 'America/New_York',
};

/** The IANA time zone of a place in the directory; null for a region the table does not know. */
export function timeZoneOf(country: string, region: string): string | null {
  return ZONES[`${country}/${region}`] ?? ZONES[country] ?? null;
}
