import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CountryCode } from 'libphonenumber-js/max';
import { scanPage } from '@/lib/scan/content';
import type { Found } from '@/lib/scan/content/found';
import { atRealSize, ordinaryPage, profilePage, searchPage, timelinePage } from '@/scripts/bench/generate';
import { PAGE_CASES, pageHtml } from '@/test/fixtures/pages';
import { pageAt } from '@/test/unit/detect/dom';

/**
 * What the scanner finds on every page fixture, on the bench's generated pages and on pages
 * written from the shared email and phone fixtures: value, display and the node, kept in the
 * snapshot. A change to how the scanner reads a page (a faster walk) must find exactly this.
 */

const FIXTURES = '/work/shared/fixtures';
// Megabyte pages in a DOM written in JS, on a shared machine: a limit that only catches a hang.
const SLOW = 120_000;
const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** Where a node sits: child indexes from the document down, then its tag or `#text`. */
function pathOf(node: Node): string {
  const steps: number[] = [];
  for (let at: Node | null = node; at?.parentNode; at = at.parentNode) steps.unshift(Array.prototype.indexOf.call(at.parentNode.childNodes, at));
  return `${steps.join('.')} ${node.nodeName}`;
}

async function findings(url: string, html: string, region?: CountryCode): Promise<string[]> {
  const page = pageAt(url, html);
  open.push(page.close);
  const found: Found[] = await scanPage(page.document, { region, yieldToPage: async () => {} });
  return found.map(({ kind, value, display, node }) => `${kind} ${value} "${display}" at ${node ? pathOf(node) : '-'}`);
}

/** linkify-it's lines (links and not links), each in a paragraph, some hidden, some glued in one text. */
function emailCorpusPage(): string {
  const lines = ['links.txt', 'not_links.txt'].flatMap((file) => readFileSync(`${FIXTURES}/email/linkify-it/${file}`, 'utf8').split('\n'));
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const paragraphs = lines.filter((line) => line.trim() && !line.startsWith('%')).map((line, i) => (i % 7 === 3 ? `<p hidden>${escape(line)}</p>` : `<p>${escape(line)}</p>`));
  return `<!DOCTYPE html><html><body>${paragraphs.join('')}<div>${lines.slice(0, 40).map(escape).join(' ')}</div></body></html>`;
}

/** Each region's example numbers written international, with `00`, and national, in text and links. */
function phoneCorpusPage(): string {
  const regions = JSON.parse(readFileSync(`${FIXTURES}/phone/libphonenumber/example-numbers.derived.json`, 'utf8')) as Record<string, Record<string, string | null>>;
  const parts: string[] = [];
  for (const [region, info] of Object.entries(regions)) {
    const code = info.countryCode!;
    const prefix = info.nationalPrefix ?? '';
    for (const type of ['fixedLine', 'mobile', 'tollFree']) {
      const number = info[type];
      if (!number) continue;
      parts.push(
        `<p>${region} ${type}: +${code} ${number}</p>`,
        `<li><span>Call</span> 00${code}-${number.slice(0, 3)}-${number.slice(3)}</li>`,
        `<td>${prefix}${number} or ref ${number}${code}<a href="tel:+${code}${number}">dial</a></td>`,
        `<div style="display:none">+${code} ${number}</div>`,
      );
    }
  }
  return `<!DOCTYPE html><html><body><table><tr>${parts.join('</tr><tr>')}</tr></table></body></html>`;
}

// One page per file (a file can serve several cases).
const fixturePages = [...new Set(PAGE_CASES.map((entry) => entry.file))].map((file) => ({ name: file, url: PAGE_CASES.find((entry) => entry.file === file)!.url, html: pageHtml(file) }));
// The X fixture at real size is a 300-post timeline: the generated 12-post one reads the same markup
// (the DOM here answers style questions hundreds of times slower than a browser).
const realSize = ['person-new-layout.html', 'company-overview.html', 'search-people-real-layout.html'].map((file) => atRealSize(fixturePages.find((page) => page.name === file)!));

describe('what the scanner finds', () => {
  it.each(fixturePages)('on the fixture $name', async ({ url, html }) => {
    expect(await findings(url, html, 'US')).toMatchSnapshot();
  });

  it.each(realSize)('on $name', async ({ url, html }) => {
    expect(await findings(url, html, 'US')).toMatchSnapshot();
  }, SLOW);

  it.each([profilePage(), searchPage(), timelinePage(12), ordinaryPage()])('on the generated $name', async ({ url, html }) => {
    expect(await findings(url, html, 'US')).toMatchSnapshot();
  }, SLOW);

  it.each(['US', 'FR', undefined] as const)('on the shared email and phone fixtures, region %s', async (region) => {
    expect(await findings('https://team.example/', emailCorpusPage(), region)).toMatchSnapshot();
    expect(await findings('https://team.example/', phoneCorpusPage(), region)).toMatchSnapshot();
  }, SLOW);
});
