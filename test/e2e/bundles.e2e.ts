import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { de } from '@/lib/platform/i18n/de';
import { en } from '@/lib/platform/i18n/en';
import { es } from '@/lib/platform/i18n/es';
import { fr } from '@/lib/platform/i18n/fr';
import { EXTENSION_DIR, expect, test } from '@/test/e2e/extension';

/**
 * What the content scripts ship, read from the build: no code that could open a store, listen
 * to one, or hold a secret. A content script runs beside the page; whatever it can reach, a
 * confused or compromised one could hand over.
 */
test('the content scripts carry no storage or vault code and no React', () => {
  const dir = join(EXTENSION_DIR, 'content-scripts');
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  expect(files.sort()).toEqual(['network.js', 'scanner.js', 'webmail.js']);
  for (const name of files) {
    const code = readFileSync(join(dir, name), 'utf8');
    for (const forbidden of ['indexedDB', 'storage.local', 'storage.session', 'storage.sync', 'onChanged', 'dossier-vault', 'BroadcastChannel', 'apiKey', 'react.transitional.element', 'react-dom']) {
      expect(code.includes(forbidden), `${name} contains ${forbidden}`).toBe(false);
    }
  }
});

/** What a page loads before it draws: its classic scripts (the popup's first paint), its module script, the chunks it preloads, and theirs. */
function pageScripts(page: string): string[] {
  const html = readFileSync(join(EXTENSION_DIR, page), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/((?:chunks\/)?[^"/]+\.js)"/g)].map((m) => m[1]!);
}

/**
 * Languages: each page ships English (the fallback) and fetches the catalog of the language in
 * use when it starts; the other translations stay out of it. A page drawn first without React
 * (the popup, the panel's frame, the book, the history) ships only its first paint's few messages,
 * in every language, and no catalog.
 * Content scripts ship none: the worker names what they show.
 */
test('pages load no translation up front, each translation is a chunk of its own, content scripts carry no catalog', () => {
  const marks = { en: en['quick.running'], fr: fr['quick.running'], de: de['quick.running'], es: es['quick.running'] };
  // The offscreen document (Chromium's clipboard writer) shows nothing: it carries no catalog at all.
  const offscreen = pageScripts('offscreen.html').map((file) => readFileSync(join(EXTENSION_DIR, file), 'utf8')).join('\n');
  for (const mark of Object.values(marks)) expect(offscreen.includes(mark), 'offscreen.html carries a catalog').toBe(false);
  const pages = readdirSync(EXTENSION_DIR).filter((name) => name.endsWith('.html') && name !== 'blank.html' && name !== 'offscreen.html');
  expect(pages).toEqual(expect.arrayContaining(['popup.html', 'options.html', 'sidepanel.html', 'panel-frame.html']));
  // The pages drawn first without React, each with a message of its own first paint.
  const firstPaints: Record<string, keyof typeof en> = { 'popup.html': 'recent.openAll', 'panel-frame.html': 'panel.close', 'contacts.html': 'book.search', 'lookup-history.html': 'history.searchPlaceholder' };
  for (const page of pages) {
    const code = pageScripts(page).map((file) => readFileSync(join(EXTENSION_DIR, file), 'utf8')).join('\n');
    const ownMessage = firstPaints[page];
    expect(code.includes(marks.en), `${page} ships English`).toBe(!ownMessage);
    if (ownMessage) for (const catalog of [en, fr, de, es]) expect(code.includes(catalog[ownMessage]), `${page} draws in every language`).toBe(true);
    for (const locale of ['fr', 'de', 'es'] as const) expect(code.includes(marks[locale]), `${page} ships ${locale} up front`).toBe(false);
  }
  const chunks = readdirSync(join(EXTENSION_DIR, 'chunks')).map((file) => readFileSync(join(EXTENSION_DIR, 'chunks', file), 'utf8'));
  for (const locale of ['fr', 'de', 'es'] as const) {
    const holding = chunks.filter((code) => code.includes(marks[locale]));
    expect(holding, `${locale} catalog chunk`).toHaveLength(1);
    for (const other of ['fr', 'de', 'es'] as const) if (other !== locale) expect(holding[0]!.includes(marks[other])).toBe(false);
  }
  for (const name of readdirSync(join(EXTENSION_DIR, 'content-scripts'))) {
    const code = readFileSync(join(EXTENSION_DIR, 'content-scripts', name), 'utf8');
    for (const mark of Object.values(marks)) expect(code.includes(mark), `${name} carries a catalog`).toBe(false);
  }
});
