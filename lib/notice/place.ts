import type { AuthorityId, NoticeLanguage } from '@/lib/notice/model';

/**
 * Where a person is, from the free-text location a profile gives ("Paris, Île-de-France, France",
 * "Greater Munich Metropolitan Area", "Genève, Suisse"): the country, the language a notice to
 * them should be in, and the authority they may complain to. A guess the user can change.
 */

/** Lower case, accents off, so "Île-de-France", "Österreich" and "España" match plain words. */
function fold(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Country names (in English, the country's languages and the four notice languages) and big cities. */
const COUNTRY_WORDS: Record<string, readonly string[]> = {
  FR: ['france', 'frankreich', 'francia', 'paris', 'lyon', 'marseille', 'toulouse', 'bordeaux', 'lille', 'nantes', 'strasbourg', 'nice', 'montpellier', 'rennes', 'ile de france'],
  DE: ['germany', 'deutschland', 'allemagne', 'alemania', 'berlin', 'munich', 'munchen', 'hamburg', 'frankfurt', 'koln', 'cologne', 'stuttgart', 'dusseldorf', 'leipzig', 'dresden', 'bayern', 'bavaria'],
  AT: ['austria', 'osterreich', 'autriche', 'vienna', 'wien', 'vienne', 'graz', 'linz', 'salzburg', 'innsbruck'],
  LI: ['liechtenstein', 'vaduz'],
  ES: ['spain', 'espana', 'espagne', 'spanien', 'madrid', 'barcelona', 'valencia', 'sevilla', 'seville', 'bilbao', 'malaga', 'zaragoza', 'catalonia', 'cataluna', 'andalucia'],
  MX: ['mexico', 'mexique', 'mexiko', 'guadalajara', 'monterrey'],
  AR: ['argentina', 'argentine', 'argentinien', 'buenos aires'],
  CO: ['colombia', 'colombie', 'kolumbien', 'bogota', 'medellin'],
  CL: ['chile', 'chili', 'santiago de chile'],
  PE: ['peru', 'perou', 'lima'],
  UY: ['uruguay', 'montevideo'],
  BE: ['belgium', 'belgique', 'belgie', 'belgien', 'belgica', 'brussels', 'bruxelles', 'brussel'],
  CH: ['switzerland', 'suisse', 'schweiz', 'svizzera', 'suiza'],
  LU: ['luxembourg', 'luxemburg', 'luxemburgo'],
  MC: ['monaco'],
  CA: ['canada', 'kanada'],
  GB: ['united kingdom', 'uk', 'england', 'scotland', 'wales', 'northern ireland', 'royaume uni', 'grossbritannien', 'reino unido', 'london', 'londres', 'manchester', 'edinburgh'],
  IE: ['ireland', 'irlande', 'irland', 'irlanda', 'dublin'],
  US: ['united states', 'usa', 'etats unis', 'vereinigte staaten', 'estados unidos', 'new york', 'san francisco', 'california', 'texas', 'seattle', 'boston', 'chicago'],
  AU: ['australia', 'australie', 'australien', 'sydney', 'melbourne'],
  IT: ['italy', 'italia', 'italie', 'italien', 'rome', 'roma', 'milan', 'milano'],
  NL: ['netherlands', 'nederland', 'pays bas', 'niederlande', 'paises bajos', 'amsterdam', 'rotterdam'],
  PT: ['portugal', 'lisbon', 'lisboa', 'porto'],
};

/** The one language of each single-language country a notice can be written in. */
const LANGUAGE_OF: Record<string, NoticeLanguage> = {
  FR: 'fr',
  MC: 'fr',
  DE: 'de',
  AT: 'de',
  LI: 'de',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  CL: 'es',
  PE: 'es',
  UY: 'es',
  GB: 'en',
  IE: 'en',
  US: 'en',
  AU: 'en',
};

/**
 * Countries of several languages: the region or city says which. Dutch, Italian and
 * Luxembourgish have no notice yet: those regions fall back like an unknown one.
 */
const REGION_LANGUAGE: Record<string, readonly { language: NoticeLanguage | null; words: readonly string[] }[]> = {
  BE: [
    { language: 'fr', words: ['wallonie', 'wallonia', 'liege', 'namur', 'charleroi', 'mons', 'louvain la neuve', 'wavre', 'brabant wallon', 'hainaut', 'luxembourg province'] },
    { language: 'de', words: ['eupen', 'ostbelgien', 'sankt vith', 'st vith'] },
    { language: null, words: ['flanders', 'vlaanderen', 'antwerp', 'antwerpen', 'gent', 'ghent', 'leuven', 'brugge', 'bruges', 'hasselt', 'mechelen'] },
  ],
  CH: [
    { language: 'fr', words: ['geneve', 'geneva', 'genf', 'lausanne', 'vaud', 'neuchatel', 'fribourg', 'valais', 'sion', 'jura', 'romandie'] },
    { language: 'de', words: ['zurich', 'bern', 'berne', 'basel', 'bale', 'luzern', 'lucerne', 'st gallen', 'zug', 'winterthur', 'aargau'] },
    { language: null, words: ['ticino', 'tessin', 'lugano', 'svizzera'] },
  ],
  CA: [
    { language: 'fr', words: ['quebec', 'montreal', 'laval', 'gatineau', 'sherbrooke'] },
    { language: 'en', words: ['ontario', 'toronto', 'vancouver', 'british columbia', 'alberta', 'calgary', 'ottawa'] },
  ],
  LU: [],
};

/** The languages of the multilingual countries a notice can be written in. */
const SPOKEN_IN: Record<string, readonly NoticeLanguage[]> = { BE: ['fr', 'de'], CH: ['fr', 'de'], CA: ['en', 'fr'], LU: ['fr', 'de'] };

const has = (folded: string, word: string) => folded.includes(` ${word} `);

/** The ISO code of the country the location names, else null. The last words win ("Paris, Texas" is in the US). */
export function countryOf(location: string | null | undefined): string | null {
  if (!location) return null;
  const parts = location.split(',').map(fold).reverse();
  for (const part of parts) {
    for (const [country, words] of Object.entries(COUNTRY_WORDS)) if (words.some((word) => has(part, word))) return country;
  }
  return null;
}

export interface LanguageGuess {
  language: NoticeLanguage;
  /** Why: the country (with its language), a region of a multilingual one, or no clue at all. */
  basis: 'country' | 'region' | 'fallback';
  country: string | null;
}

/**
 * The language a notice to someone at `location` should be in. A country of one language
 * decides; a multilingual one decides by its region or city; otherwise the user's own language
 * when that country speaks it (or nothing is known of the place), else English.
 */
export function guessNoticeLanguage(location: string | null | undefined, userLanguage: string): LanguageGuess {
  const country = countryOf(location);
  const user = (['en', 'fr', 'de', 'es'] as const).find((l) => userLanguage.toLowerCase().startsWith(l)) ?? 'en';
  if (country && LANGUAGE_OF[country]) return { language: LANGUAGE_OF[country], basis: 'country', country };
  if (country && REGION_LANGUAGE[country]) {
    const folded = fold(location ?? '');
    const region = REGION_LANGUAGE[country].find((r) => r.words.some((word) => has(folded, word)));
    if (region?.language) return { language: region.language, basis: 'region', country };
    if (!region && SPOKEN_IN[country]?.includes(user)) return { language: user, basis: 'fallback', country };
    return { language: 'en', basis: 'fallback', country };
  }
  // A known country whose language has no notice (Italy, the Netherlands): English reads widest.
  if (country) return { language: 'en', basis: 'fallback', country };
  return { language: user, basis: 'fallback', country: null };
}

const AUTHORITY_COUNTRIES = new Set<string>(['FR', 'DE', 'AT', 'ES', 'BE', 'CH', 'GB']);

/** The authority the complaint section names for a person in `country`; any other, in words. */
export function authorityOf(country: string | null): AuthorityId {
  return country && AUTHORITY_COUNTRIES.has(country) ? (country as AuthorityId) : 'other';
}
