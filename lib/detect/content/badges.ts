/**
 * What the network prints beside a person's name that is not about them: the connection
 * degree ("· 1st", "• 2nd", "3rd+", with a visually hidden "1st degree connection", in the
 * UI's language). Read naively, it becomes the headline ("· 1st degree connection 1st") or
 * the end of a name. Icon-font glyphs are removed earlier, by cleanText (text.ts).
 */

// 1st/2nd/3rd (+) in English; 1er/1re/2e/3e, 1./2., 1º/1ª/1° in the other UI languages.
const ORDINAL = /^(?:1st|2nd|3rd|[123](?:st|nd|rd|er|re|e|ème|\.|º|ª|°)?)\+?$/i;

/** The hidden phrase around the ordinal, in the UI languages the readers know. */
const DEGREE_WORDS = new Set([
  'degree', 'connection', // en
  'relation', 'niveau', // fr
  'kontakt', 'grades', 'grad', // de
  'contacto', 'conexión', 'conexion', 'grado', // es, it
  'conexão', 'conexao', 'grau', // pt
  'collegamento', 'livello', // it
  'verbinding', 'graad', // nl
]);
const LINKING_WORDS = new Set(['of', 'de', 'du', 'des', 'di', 'del', 'e', 'et', 'und', 'y', 'plus', '+']);

const SEPARATOR = /^[·•|]$/;
const ORDINAL_DIGIT = /[123]/;

function tokensOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[()[\]]/g, ' ')
    .split(/\s+|(?=[·•])|(?<=[·•])/)
    .filter(Boolean);
}

const isOrdinal = (token: string) => ORDINAL.test(token);
const isDegreeToken = (token: string) => isOrdinal(token) || DEGREE_WORDS.has(token) || LINKING_WORDS.has(token) || SEPARATOR.test(token);

/** The whole text is a connection degree: "· 1st", "2nd degree connection", "3rd+", "relation de 1er niveau". */
export function isConnectionDegree(text: string): boolean {
  const tokens = tokensOf(text);
  return tokens.length > 0 && tokens.length <= 10 && tokens.some(isOrdinal) && tokens.every(isDegreeToken);
}

/**
 * A run of tokens at one end that is a degree badge. A bare ordinal counts only after a
 * separator or with the hidden phrase, so that "Thurston Howell 3rd" keeps his name.
 */
function badgeLength(tokens: readonly string[]): number {
  let length = 0;
  let sure = false;
  let ordinal = false;
  while (length < tokens.length && isDegreeToken(tokens[length]!)) {
    const token = tokens[length]!;
    if (isOrdinal(token)) ordinal = true;
    if (SEPARATOR.test(token) || DEGREE_WORDS.has(token)) sure = true;
    length += 1;
  }
  return ordinal && sure ? length : 0;
}

/**
 * The text without a connection degree at its start or end (and the separator that joined
 * it); undefined when nothing else is left. "Maya Okafor · 1st" → "Maya Okafor".
 */
export function withoutConnectionDegree(text: string | undefined): string | undefined {
  if (!text) return undefined;
  // Every degree has an ordinal, and every ordinal a 1, 2 or 3: most text is settled here,
  // before any tokenising (the readers ask this of every line they look at).
  if (!ORDINAL_DIGIT.test(text)) return text;
  if (isConnectionDegree(text)) return undefined;
  const words = text.trim().split(/\s+|(?=[·•])|(?<=[·•])/).filter(Boolean);
  const lower = words.map((word) => word.toLowerCase());
  const fromEnd = badgeLength([...lower].reverse());
  const kept = words.slice(0, words.length - fromEnd);
  const fromStart = badgeLength(kept.map((word) => word.toLowerCase()));
  if (fromEnd === 0 && fromStart === 0) return text;
  return kept.slice(fromStart).join(' ') || undefined;
}
