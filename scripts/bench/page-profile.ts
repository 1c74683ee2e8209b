/**
 * Where the page readers' time goes: runs detection or the scan in a loop on one bench page
 * under the browser's sampling profiler (Chrome DevTools protocol) and prints the functions
 * with the most self time. Not a benchmark (no verdict): a tool for finding the next cost.
 *
 *   npx tsx scripts/bench/page-profile.ts <detect|scan> <page name part> [seconds]
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findBrowser } from '@/scripts/browser';
import { bundleForPage } from '@/scripts/bench/bundle';
import { atRealSize, ordinaryPage, profilePage, searchPage, timelinePage } from '@/scripts/bench/generate';
import { PAGE_CASES, pageHtml } from '@/test/fixtures/pages';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

const [what = 'scan', pageName = 'timeline', seconds = '2'] = process.argv.slice(2);
const fixtures = PAGE_CASES.map((fixture) => ({ name: fixture.file, url: fixture.url, html: pageHtml(fixture.file) }));
// Fixtures at real size are named `<file>, at real size`: ask for `company-overview.html, at`.
const pages = [profilePage(), searchPage(), timelinePage(), ordinaryPage(), ...fixtures.map(atRealSize), ...fixtures];
const target = pages.find((page) => page.name.includes(pageName));
if (!target) throw new Error(`no page named like ${pageName}: ${pages.map((page) => page.name).join(', ')}`);

const bundle = await bundleForPage('__readers', { detectPage: ['lib/detect/content/detect.ts', 'detectPage'], scanPage: ['lib/scan/content/scan.ts', 'scanPage'] }, { minify: false });
const browser = await chromium.launch({ executablePath: findBrowser() ?? undefined, args: CHROMIUM_FLAGS, headless: true });
try {
  const page = await browser.newPage({ bypassCSP: true });
  await page.setContent(target.html, { waitUntil: 'load' });
  await page.addScriptTag({ content: bundle.code });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  // A string, not a function: tsx would wrap the function's inner arrows in a helper the page lacks.
  const calls = (await page.evaluate(`(async () => {
    const readers = window.__readers;
    const end = performance.now() + ${Number(seconds) * 1000};
    let count = 0;
    while (performance.now() < end) {
      if (${JSON.stringify(what)} === 'detect') readers.detectPage(document, ${JSON.stringify(target.url)});
      else await readers.scanPage(document, { region: 'US', yieldToPage: async () => {} });
      count += 1;
    }
    return count;
  })()`)) as number;
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[] } };
  const self = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    total += hits;
    const { functionName, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'}${node.callFrame.url ? `:${lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + hits);
  }
  // Time in a function and what it calls, counted once per stack (recursion counts once).
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''}`;
  const inclusive = new Map<string, number>();
  for (const node of profile.nodes) {
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) seen.add(keyOf(byId.get(id)!));
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + (node.hitCount ?? 0));
  }
  const percent = (hits: number) => `${((hits / total) * 100).toFixed(1).padStart(5)}%`;
  console.log(`${what} on ${target.name}: ${calls} calls in ${seconds} s; by function, self and total (${total} samples)`);
  for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${percent(hits)} ${percent(inclusive.get(key) ?? 0)}  ${key}`);
  console.log('\nmost total time:');
  for (const [key, hits] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${percent(hits)}  ${key}`);
} finally {
  await browser.close();
}
