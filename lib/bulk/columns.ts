import { t } from '@/lib/platform/i18n';
import { foldName } from '@/lib/identity/fold';
import { BULK_FIELDS, type BulkField, type ColumnMapping } from '@/lib/bulk/model';
import { PLACEHOLDER, readEmail, readPhone, readProfileUrl } from '@/lib/bulk/person';

/**
 * Which column of a list holds what, guessed from the header row (as English, French, German
 * and Spanish spreadsheets and the usual CRM exports name them) and, where a header says
 * nothing Dossier knows, from what the first rows hold. The user corrects the guess on the
 * mapping screen; mappingProblems says in plain words what still stops the run.
 */

export function fieldLabel(field: BulkField): string {
  return t(`bulk.field.${field}`);
}

/** How sure a guess is: a header read exactly beats a word in it, which beats what the cells look like. */
type Guess = { field: BulkField | null; score: number };

/** Headers, folded (no case, accents or punctuation), with what they name and how surely. */
const EXACT: Record<string, Guess> = {};
function names(field: BulkField | null, score: number, headers: string): void {
  for (const header of headers.split('|')) EXACT[header] = { field, score };
}

names('profileUrl', 10,
  'linkedin|linkedin url|linkedin profile|linkedin profile url|linkedin link|linkedin address|profile|profile url|profile link|person linkedin url|' +
  'personal linkedin|li url|li profile|url linkedin|network url|network profile|network profile url|profile address|' +
  'profil|profil linkedin|lien linkedin|url du profil|url linkedin du profil|linkedin profil|linkedin profil url|' +
  'perfil|perfil de linkedin|url de linkedin|url del perfil|enlace de linkedin');
names('email', 10,
  'email|e mail|mail|email address|e mail address|mail address|work email|business email|professional email|primary email|email 1|email1|' +
  'courriel|adresse email|adresse e mail|adresse mail|adresse courriel|email professionnel|e mail professionnel|' +
  'e mail adresse|email adresse|mailadresse|geschaftliche e mail|' +
  'correo|correo electronico|email profesional|correo profesional|direccion de correo|direccion de correo electronico');
names('email', 8, 'personal email|email 2|email2|secondary email|other email');
names('firstName', 10, 'first name|firstname|first|given name|fname|forename|prenom|vorname|nombre de pila|primer nombre');
names('lastName', 10, 'last name|lastname|last|surname|family name|lname|nom de famille|nachname|familienname|apellido|apellidos|primer apellido');
names('fullName', 10,
  'full name|fullname|contact name|contact|person|person name|lead name|lead|display name|contact full name|' +
  'nom complet|nom et prenom|prenom et nom|prenom nom|nom prenom|vollstandiger name|voller name|kontakt|kontaktname|ansprechpartner|' +
  'nombre completo|nombre y apellidos|nombre y apellido|contacto');
// A domain names a company exactly; a name may match several. A "Website" column may be anything.
names('company', 11, 'company domain|domain|domain name|domaine|domaine de l entreprise|dominio|dominio de la empresa|firmendomain|email domain');
names('company', 10,
  'company|company name|companyname|organization|organisation|organization name|organisation name|account|account name|employer|' +
  'current company|business|business name|societe|entreprise|nom de l entreprise|nom entreprise|nom de la societe|raison sociale|organisme|' +
  'firma|firmenname|unternehmen|unternehmensname|arbeitgeber|empresa|compania|nombre de la empresa|organizacion');
names('company', 9,
  'company website|website|web site|website url|company url|site web|site internet|site|site web de l entreprise|webseite|website der firma|' +
  'firmen website|homepage|sitio web|pagina web|web');
names('phone', 10,
  'mobile|mobile phone|mobile number|cell|cell phone|cellphone|mobile phone number|portable|telephone portable|tel portable|numero de portable|' +
  'mobil|mobilnummer|handy|handynummer|mobiltelefon|mobilfunknummer|movil|celular|telefono movil|numero de movil|whatsapp');
names('phone', 9,
  'phone|phone number|telephone|tel|numero|numero de telephone|telefon|telefonnummer|telefono|numero de telefono|direct phone|direct dial|personal phone');
names('phone', 7, 'work phone|office phone|business phone|telephone fixe|telephone bureau|telefon geschaftlich|telefono fijo|landline');
// A company's own lines and pages are not the person's: not guessed (the user may still choose them).
names(null, 10,
  'company phone|company phone number|switchboard|standard|telephone standard|company linkedin|company linkedin url|company profile|' +
  'company linkedin profile|linkedin company|linkedin company url|company email');

/** Words that make a header about the person's company rather than the person. */
const COMPANY_WORDS = /\b(company|companies|organi[sz]ation|account|employer|societe|entreprise|firma|firmen|unternehmen|empresa|compania|business)\b/;

/** A guess from the words of a header that is not one of the names above. */
function byWords(header: string): Guess {
  const company = COMPANY_WORDS.test(header);
  const has = (pattern: RegExp) => pattern.test(header);
  if (company) {
    if (has(/\b(linkedin|profile|profil|perfil|phone|telephone|tel|telefon|telefono|mobile|email|mail)\b/)) return { field: null, score: 8 };
    if (has(/\b(domain|domaine|dominio|website|site|url|web|webseite)\b/)) return { field: 'company', score: 8.5 };
    return { field: 'company', score: 8 };
  }
  if (has(/\b(linkedin|profile|profil|perfil)\b/)) return { field: 'profileUrl', score: 8 };
  if (has(/\b(e ?mail|courriel|correo|mailadresse)\b/)) return { field: 'email', score: 8 };
  if (has(/\b(mobile|mobil|cell|cellphone|portable|handy|movil|celular|whatsapp)\b/)) return { field: 'phone', score: 8 };
  if (has(/\b(phone|telephone|tel|telefon|telefono|telefonnummer)\b/)) return { field: 'phone', score: 7 };
  if (has(/\b(first|given|prenom|vorname)\b/)) return { field: 'firstName', score: 8 };
  if (has(/\b(last|surname|family|nachname|familienname|apellidos?)\b/)) return { field: 'lastName', score: 8 };
  if (has(/\b(domain|domaine|dominio|website|webseite)\b/)) return { field: 'company', score: 7 };
  if (has(/\b(name|nom|nombre)\b/)) return { field: 'fullName', score: 6 };
  return { field: null, score: 0 };
}

export type CellKind = 'profileUrl' | 'email' | 'phone' | 'website';

/** A header Dossier knows the meaning of, in any of the languages above (a column name, never a value). */
export function isKnownHeader(header: string): boolean {
  const folded = foldName(header);
  if (!folded) return false;
  return folded in EXACT || byWords(folded).score > 0;
}

/**
 * What a cell looks like. Phones only in international form (+33…, 0033…): without a region,
 * bare digits are as likely an id, a postcode or a date.
 */
export function cellKind(cell: string): CellKind | null {
  const value = cell.trim();
  if (!value) return null;
  if (/linkedin\./i.test(value) && 'url' in readProfileUrl(value)) return 'profileUrl';
  if (value.includes('@')) return readEmail(value) ? 'email' : null;
  if (/^(?:\+|00|tel:)\s*\d[\d\s().\-/]{5,}$/i.test(value)) return readPhone(value) ? 'phone' : null;
  if (/^(?:https?:\/\/|www\.)[^\s]+$/i.test(value) && !/linkedin\./i.test(value)) return 'website';
  return null;
}

/** A column's sample cells that hold something (a placeholder such as "n/a" does not). */
function filled(column: number, sample: readonly (readonly string[])[]): string[] {
  return sample.map((row) => (row[column] ?? '').trim()).filter((cell) => cell !== '' && !PLACEHOLDER.test(cell));
}

/** The kind most of a column's sample cells are, and how many of them agree. */
function sampleKind(cells: readonly string[]): { kind: CellKind; share: number } | null {
  if (!cells.length) return null;
  const counts = new Map<CellKind, number>();
  for (const cell of cells) {
    const kind = cellKind(cell);
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return best ? { kind: best[0], share: best[1] / cells.length } : null;
}

/**
 * Cells that cannot be what the header says ("Profile" over a column of bios, "Email" over
 * names): loose tests, so that a national phone number or a profile URL with a typo still agrees.
 */
function contradicts(field: BulkField, cells: readonly string[]): boolean {
  if (cells.length < 2) return false;
  const none = (test: (cell: string) => boolean) => !cells.some(test);
  if (field === 'profileUrl') return none((cell) => /linkedin\.|\/in\//i.test(cell));
  if (field === 'email') return none((cell) => cell.includes('@'));
  if (field === 'phone') return none((cell) => (cell.match(/\d/g)?.length ?? 0) >= 6);
  return false;
}

const KIND_FIELD: Record<CellKind, { field: BulkField; score: number }> = {
  profileUrl: { field: 'profileUrl', score: 5 },
  email: { field: 'email', score: 5 },
  phone: { field: 'phone', score: 4 },
  website: { field: 'company', score: 3 },
};

/** Headers whose meaning depends on the others: "Nom" beside "Prénom" is the last name, alone the full name. */
function resolveAmbiguous(header: string, guesses: readonly Guess[]): Guess | null {
  const byHeader = (field: BulkField) => guesses.some((g) => g.field === field && g.score >= 8);
  const hasFirst = byHeader('firstName');
  const hasLast = byHeader('lastName');
  switch (header) {
    case 'nom':
    case 'name':
    case 'naam':
      return hasFirst && !hasLast ? { field: 'lastName', score: 10 } : { field: 'fullName', score: 9 };
    case 'nombre':
      return hasLast && !hasFirst ? { field: 'firstName', score: 10 } : { field: 'fullName', score: 9 };
    default:
      return null;
  }
}

function guessColumn(header: string, column: number, sample: readonly (readonly string[])[]): Guess {
  const folded = foldName(header);
  const fromHeader = EXACT[folded] ?? (folded ? byWords(folded) : { field: null, score: 0 });
  const cells = filled(column, sample);
  const byHeader = fromHeader.field && contradicts(fromHeader.field, cells) ? { field: null, score: 0 } : fromHeader;
  const seen = sampleKind(cells);
  // Cells that are clearly profiles, emails or phones win over what the header says they are.
  if (seen && seen.kind !== 'website' && seen.share >= 0.8 && byHeader.field !== KIND_FIELD[seen.kind].field) {
    return { field: KIND_FIELD[seen.kind].field, score: Math.max(byHeader.score, KIND_FIELD[seen.kind].score) };
  }
  if (byHeader.score > 0) return byHeader;
  if (seen && seen.share >= 0.5) return KIND_FIELD[seen.kind];
  return { field: null, score: 0 };
}

/**
 * One field (or null) per column, never the same field for two columns: where two columns
 * could be the same field, the surer guess wins, then the leftmost column.
 */
export function guessMapping(headers: string[], sample: string[][]): ColumnMapping {
  const guesses = headers.map((header, column) => guessColumn(header, column, sample));
  headers.forEach((header, column) => {
    const resolved = resolveAmbiguous(foldName(header), guesses);
    if (resolved && guesses[column]!.score <= resolved.score) guesses[column] = resolved;
  });
  const order = guesses
    .map((guess, column) => ({ ...guess, column }))
    .filter((g): g is { field: BulkField; score: number; column: number } => g.field !== null)
    .sort((a, b) => b.score - a.score || a.column - b.column);
  const mapping: ColumnMapping = headers.map(() => null);
  const taken = new Set<BulkField>();
  for (const { field, column } of order) {
    if (taken.has(field)) continue;
    taken.add(field);
    mapping[column] = field;
  }
  return mapping;
}

/** What stops a run with this mapping, in the user's words; empty when it can go. */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  const count = new Map<BulkField, number>();
  for (const field of mapping) if (field) count.set(field, (count.get(field) ?? 0) + 1);
  for (const field of BULK_FIELDS) {
    const n = count.get(field) ?? 0;
    if (n > 1) problems.push(t('bulk.mapping.twice', { field: fieldLabel(field), count: n }));
  }
  const has = (field: BulkField) => count.has(field);
  if (!count.size) return [t('bulk.mapping.nothing')];
  if (has('firstName') && !has('lastName') && !has('fullName')) problems.push(t('bulk.mapping.firstWithoutLast'));
  if (has('lastName') && !has('firstName') && !has('fullName')) problems.push(t('bulk.mapping.lastWithoutFirst'));
  const identifier = has('profileUrl') || has('email') || has('phone');
  const name = has('fullName') || (has('firstName') && has('lastName'));
  if (!identifier && !(name && has('company'))) {
    if (name) problems.push(t('bulk.mapping.nameWithoutCompany'));
    else if (has('company') && !has('firstName') && !has('lastName')) problems.push(t('bulk.mapping.companyOnly'));
    else if (!has('firstName') && !has('lastName')) problems.push(t('bulk.mapping.nothing'));
  }
  return problems;
}
