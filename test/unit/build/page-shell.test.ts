// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completePageShell } from '@/scripts/build/page-shell';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('the shell every extension page shares (scripts/build/page-shell.ts)', () => {
  it('wraps a page’s own head in the language, the character set and the root it draws into', () => {
    const page = parse(completePageShell('<!doctype html>\n<title>Dossier history</title>\n<script type="module" src="./main.ts"></script>\n'));
    expect(page.documentElement.lang).toBe('en');
    expect(page.head.querySelector('meta[charset]')?.getAttribute('charset')).toBe('UTF-8');
    expect(page.title).toBe('Dossier history');
    expect(page.head.querySelector('script[type=module]')?.getAttribute('src')).toBe('./main.ts');
    expect(page.body.querySelector('main#root')).not.toBeNull();
  });

  it('keeps the <html> element’s own attributes and its language when the page names one', () => {
    const popup = parse(completePageShell('<!doctype html>\n<html lang="en" class="popup-page">\n<title>Dossier</title>\n<script src="/a.js"></script>\n'));
    expect(popup.documentElement.className).toBe('popup-page');
    expect(popup.documentElement.lang).toBe('en');
    expect(parse(completePageShell('<html class="x"><title>T</title>')).documentElement.lang).toBe('en');
    expect(parse(completePageShell('<html lang="fr"><title>T</title>')).documentElement.lang).toBe('fr');
  });

  it('gives a page without a script no root, and refuses a page that writes its own', () => {
    expect(parse(completePageShell('<!doctype html>\n<title>Blank</title>\n')).body.children).toHaveLength(0);
    expect(() => completePageShell('<title>T</title><main id="root"></main>')).toThrow(/head content only/);
  });

  it('is what every page of the extension is written for', () => {
    const pages = readdirSync('entrypoints', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const shells = pages.flatMap((dir) => {
      try {
        return [readFileSync(`entrypoints/${dir.name}/index.html`, 'utf8')];
      } catch {
        return [];
      }
    });
    expect(shells.length).toBeGreaterThanOrEqual(10);
    for (const own of shells) {
      expect(own).not.toMatch(/<(head|body|main)\b|charset/i);
      expect(parse(completePageShell(own)).title).not.toBe('');
    }
  });
});
