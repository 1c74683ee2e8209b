/**
 * A tiny auto-escaping template: every interpolated value is HTML-escaped unless it is
 * itself the result of `html` (or `jsonScript`). Names and headlines come from data, and
 * the demo pages must stay safe when that data carries markup.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * JSON for a `<script type="application/ld+json">` block. Script content is not
 * entity-decoded, so instead of HTML-escaping, every character that could close the
 * element or confuse a parser is written as a JSON unicode escape.
 */
export function jsonScript(value: unknown): SafeHtml {
  const json = JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return new SafeHtml(`<script type="application/ld+json">${json}</script>`);
}

/** A class name that looks like the network's build hashes and changes with the seed. */
export function hashedClass(seed: string): string {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619) >>> 0;
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let name = '';
  for (let i = 0; i < 12; i += 1) {
    name += letters[hash % letters.length];
    hash = Math.imul(hash ^ (hash >>> 13), 2246822519) >>> 0;
  }
  return name;
}

/** The pages of the professional network carry this CSP; scripts on them need Trusted Types. */
export const NETWORK_CSP = html`<meta http-equiv="Content-Security-Policy" content="require-trusted-types-for 'script'">`;

export function page(options: { title: string; head?: SafeHtml; body: SafeHtml; lang?: string }): string {
  return `<!DOCTYPE html>\n${html`<html lang="${options.lang ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${options.head ?? ''}<title>${options.title}</title></head><body>${options.body}</body></html>`}`;
}
