import { describe, expect, it } from 'vitest';
import { de } from '@/lib/platform/i18n/de';
import { en } from '@/lib/platform/i18n/en';
import { es } from '@/lib/platform/i18n/es';
import { fr } from '@/lib/platform/i18n/fr';

/**
 * The interface speaks the salesperson's words, not the code's: LinkedIn and X, "already paid:
 * free", "the service", "result unknown", "likely (not verified)". The code's own words (the
 * gateway, the ledger, a settled task, the microblog, an endpoint, the network profile, the Most
 * Probable grade, an unknown outcome) stay in keys, placeholder names and comments, never in what
 * a user reads. Matching ignores case; `{placeholders}` are left out first (`{settled}` is a name).
 */

type Language = 'en' | 'fr' | 'de' | 'es';

/** Any of the phrases, as a whole word (letters of any script count as word characters). */
function words(...phrases: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${phrases.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
}

/**
 * German glues words together ("Gateway-Adresse", "Anreicherungsgateway"), so there a banned
 * word is banned inside a longer one too.
 */
function within(...stems: string[]): RegExp {
  return new RegExp(`(?:${stems.join('|')})`, 'giu');
}

const BANNED: Record<Language, RegExp> = {
  en: words('gateways?', 'ledgers?', 'settled', 'microblogs?', 'endpoints?', 'payloads?', 'network profiles?', 'most probable', 'unknown outcomes?', 'outcomes? unknown'),
  fr: words('passerelles?', 'registres?', 'microblogs?', 'endpoints?', 'payloads?', 'points? de terminaison', 'profils? sur le réseau', 'le plus probable'),
  de: within('gateway', 'journal', 'microblog', 'mikroblog', 'endpoint', 'payload', 'endpunkt', 'netzwerkprofil', 'am wahrscheinlichsten'),
  es: words('pasarelas?', 'registros?', 'microblogs?', 'endpoints?', 'payloads?', 'perfil(?:es)? en la red', 'más probables?'),
};

/**
 * Where a word is banned in one sense only. Spanish "registro" is the ledger in "del registro",
 * but a CRM's record (crm.*) and the history's record of what was spent (book.forget.question.*)
 * are records too, and keep the word.
 */
const ALLOWED: Partial<Record<Language, { word: RegExp; keys: RegExp }[]>> = {
  es: [{ word: /^registros?$/i, keys: /^(?:crm\.|book\.forget\.question\.)/ }],
};

const CATALOGS: [Language, Readonly<Record<string, string>>][] = [
  ['en', en],
  ['fr', fr],
  ['de', de],
  ['es', es],
];

/** Each internal word a catalog still shows a user, as "key: “word” in “value”". */
function internalWords(language: Language, catalog: Readonly<Record<string, string>>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(catalog)) {
    const text = value.replace(/\{\w+\}/g, '');
    for (const [word] of text.matchAll(BANNED[language])) {
      if (ALLOWED[language]?.some((a) => a.word.test(word) && a.keys.test(key))) continue;
      found.push(`${key}: “${word}” in “${value}”`);
    }
  }
  return found;
}

describe('the banned-word check itself', () => {
  it('finds a word put back, whatever its case, and names the key and the word', () => {
    expect(internalWords('en', { 'connection.address': 'Gateway address' })).toEqual(['connection.address: “Gateway” in “Gateway address”']);
    expect(internalWords('en', { 'outcome.cached': 'From ledger (free)', 'card.grade.most_probable': 'Most Probable' })).toEqual([
      'outcome.cached: “ledger” in “From ledger (free)”',
      'card.grade.most_probable: “Most Probable” in “Most Probable”',
    ]);
    expect(internalWords('en', { 'x.y': 'Outcome unknown: the gateway’s answer was lost' })).toHaveLength(2);
    expect(internalWords('fr', { 'x.y': 'Adresse de la passerelle' })).toHaveLength(1);
    expect(internalWords('de', { 'x.y': 'Prüfen Sie die Gateway-Adresse', 'x.z': 'Aus dem Journal (kostenlos)' })).toHaveLength(2);
    expect(internalWords('es', { 'outcome.cached': 'Del registro (gratis)' })).toHaveLength(1);
  });

  it('leaves placeholder names, longer words and the allowed senses alone', () => {
    expect(internalWords('en', { 'bulk.run.badgeTitle': 'Bulk run: {settled} of {total}' })).toEqual([]);
    expect(internalWords('en', { 'x.y': 'Unsettled accounts' })).toEqual([]);
    expect(internalWords('fr', { 'settings.save': 'Enregistrer' })).toEqual([]);
    expect(internalWords('es', { 'crm.error.conflict': 'El CRM ya tiene este registro.' })).toEqual([]);
  });
});

describe.each(CATALOGS)('the %s catalog', (language, catalog) => {
  it('shows the user no internal word', () => {
    expect(internalWords(language, catalog), `internal words in lib/platform/i18n/${language}.ts (say what the user says: see test/unit/i18n/users-words.test.ts)`).toEqual([]);
  });
});
