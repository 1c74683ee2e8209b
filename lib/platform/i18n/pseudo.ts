import type { Catalog } from '@/lib/platform/i18n/catalog';

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'đ', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ř', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Đ', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ř', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** Words that lengthen a message as German or French would, accented like the rest. */
const FILLER = ['ļöñĝ', 'ŵöřđš', 'ƒöř', 'ţĥé', 'ļáýöûţ', 'ţö', 'çĥéçķ'];

/** How much longer a message gets: translations run up to 30–40% longer than English. */
export const PSEUDO_GROWTH = 0.4;

function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

/**
 * One message of the pseudo-locale: letters accented, `{placeholders}` untouched, padded to
 * 40% longer with words (so that lines can still wrap), in brackets that show where a message
 * was cut. Empty messages stay empty.
 */
export function pseudoMessage(text: string): string {
  if (!text) return text;
  const parts = text.split(/(\{\w+\})/);
  const body = parts.map((part) => (/^\{\w+\}$/.test(part) ? part : accent(part))).join('');
  const wanted = Math.ceil(text.length * PSEUDO_GROWTH);
  const padding: string[] = [];
  for (let i = 0, length = 0; length < wanted; i++) {
    const word = FILLER[i % FILLER.length]!;
    padding.push(word);
    length += word.length + 1;
  }
  return `[${body} ${padding.join(' ')}]`;
}

export function pseudoCatalog(source: Catalog): Catalog {
  return Object.fromEntries(Object.entries(source).map(([key, text]) => [key, pseudoMessage(text)])) as Catalog;
}
