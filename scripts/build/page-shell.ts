import type { Plugin } from 'vite';

/**
 * What every extension page's HTML shares, written once: each `entrypoints/<page>/index.html`
 * holds only what is its own (title, manifest options, scripts, the <html> element's attributes
 * where it has any), and this Vite step wraps it in the rest (the character set, the language, the
 * head and the body, and the <main id="root"> a page with a script draws into). Eleven pages wrote
 * the same eleven lines each; a change to the common shell (a meta, the root's element) is now made
 * here.
 */
export function pageShell(): Plugin {
  // 'pre': before Vite reads the page's scripts, so they are bundled from the completed page.
  return { name: 'dossier:page-shell', transformIndexHtml: { order: 'pre', handler: completePageShell } };
}

const DOCTYPE = /<!doctype html>/i;
const HTML_OPEN = /<html(\s[^>]*)?>/i;
const WRAPPERS = /<\/?(html|head|body)(\s[^>]*)?>/gi;
const PAGE_SCRIPT = /<script\b/i;

/** A page's own head content, wrapped in the shell every page shares. */
export function completePageShell(own: string): string {
  if (/<(main|div)\b/i.test(own)) throw new Error('A page shell holds head content only: the root element is added by scripts/build/page-shell.ts');
  const htmlAttributes = own.match(HTML_OPEN)?.[1]?.trim() ?? '';
  const attributes = /\blang=/i.test(htmlAttributes) ? htmlAttributes : `lang="en" ${htmlAttributes}`.trim();
  const head = own.replace(DOCTYPE, '').replace(WRAPPERS, '').trim();
  const body = PAGE_SCRIPT.test(head) ? '<main id="root"></main>' : '';
  return `<!doctype html>\n<html ${attributes}>\n<head>\n<meta charset="UTF-8" />\n${head}\n</head>\n<body>${body}</body>\n</html>\n`;
}
