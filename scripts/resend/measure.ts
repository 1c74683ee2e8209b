/**
 * When does the browser send a paid GET again by itself, and what stops it?
 * `npx tsx scripts/resend/measure.ts [chromium|firefox] [--rounds 5]`
 *
 * Drives the re-send probe extension (./probe-extension: fetches from the extension's own
 * background, as Dossier's worker does) against sandboxes on 127.0.0.1, one sandbox per
 * scenario so that each starts with an empty connection pool. For each scenario: optionally a
 * free call first (to leave a kept-alive connection in the pool), then one fault, then the paid
 * call; it reports how many times the sandbox received the paid call, on which connections,
 * what the sandbox charged, what fetch() saw, and what webRequest showed the extension.
 * Then it times sequential paid calls with and without each measure.
 * Writes test-results/resend/<browser>.json. Everything stops by itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox } from '@/sandbox/start';
import { startH2Server } from '@/scripts/resend/h2-server';
import { startStubbornServer } from '@/scripts/resend/stubborn-server';

type Browser = 'chromium' | 'firefox';
type Measure = 'none' | 'dnr-connection-close' | 'webrequest-connection-close' | 'separate-pools';
type FaultKind = 'charge-then-reset-before-answer' | 'charge-then-408';

interface Driver {
  version: string;
  /** Runs `globalThis[fn](...args)` in the probe's background. */
  call<T>(fn: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

const PROBE_DIR = resolve('scripts/resend/probe-extension');
const PAID = 'v2/full?data=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fmaya-chen';

async function chromiumDriver(): Promise<Driver> {
  const { chromium } = await import('@playwright/test');
  const { CHROMIUM_FLAGS, findBrowser } = await import('@/scripts/browser');
  const dir = mkdtempSync(join(tmpdir(), 'resend-probe-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: findBrowser()!,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--ignore-certificate-errors', `--disable-extensions-except=${PROBE_DIR}`, `--load-extension=${PROBE_DIR}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const call = <T>(fn: string, ...args: unknown[]) =>
    worker.evaluate(([name, list]) => (globalThis as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...list), [fn, args] as const) as Promise<T>;
  return { version: context.browser()?.version() ?? (await call<string>('browserInfo')), call, close: async () => { await context.close(); rmSync(dir, { recursive: true, force: true }); } };
}

async function firefoxDriver(): Promise<Driver> {
  const puppeteer = (await import('puppeteer-core')).default;
  const { findFirefox } = await import('@/scripts/firefox');
  const uuid = '5d0551e2-0f1e-4c6b-9a3e-e2e0f1efa0ff';
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: findFirefox().path!, headless: true, args: ['--remote-allow-system-access'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ 'resend-probe@dossier.example': uuid }) },
  });
  await browser.installExtension(PROBE_DIR);
  const page = await browser.newPage();
  const origin = `moz-extension://${uuid}`;
  // WebDriver BiDi: goto() on an extension page never reports its navigation (../shared/design/firefox-e2e.md).
  await (page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: 'none'): Promise<unknown> } }).browsingContext.navigate(`${origin}/probe.html`, 'none');
  await page.waitForFunction((o) => location.href.startsWith(o) && document.readyState === 'complete', {}, origin);
  const call = <T>(fn: string, ...args: unknown[]) =>
    page.evaluate(async (name, list) => {
      const bg = (await (globalThis as unknown as { browser: { runtime: { getBackgroundPage(): Promise<Record<string, (...a: unknown[]) => unknown>> } } }).browser.runtime.getBackgroundPage());
      return JSON.parse(JSON.stringify((await bg[name]!(...list)) ?? null));
    }, fn, args) as Promise<T>;
  return { version: await browser.version(), call, close: () => browser.close() };
}

interface Seen { event: string; url: string; requestId: string; connection: string | null; status: number | null; error: string | null }

async function applyMeasure(driver: Driver, measure: Measure, on: boolean) {
  if (measure === 'dnr-connection-close') await driver.call('useDnrConnectionClose', on);
  if (measure === 'webrequest-connection-close') {
    const result = await driver.call<string>('useBlockingConnectionClose', on);
    if (result !== 'ok') throw new Error(`blocking webRequest: ${result}`);
  }
}

async function scenario(driver: Driver, options: { warm: boolean; fault: FaultKind; measure: Measure; warmWithPaid?: boolean }) {
  const sandbox = await startSandbox({ port: 0, log: () => {}, rateLimitPerSecond: 10_000 });
  try {
    const apiId = 'sandbox-demo-key';
    const freeCredentials = options.measure === 'separate-pools' ? 'include' : 'omit';
    await applyMeasure(driver, options.measure, true);
    if (options.warm) await driver.call('probe', `${sandbox.url}v1/getCredit?apiId=${apiId}`, freeCredentials);
    // A paid call before the paid call: the pool of paid calls has a kept-alive connection too.
    if (options.warmWithPaid) await driver.call('probe', `${sandbox.url}v1/searchByEmail?email=maya.chen%40mail.example&apiId=${apiId}`, 'omit');
    sandbox.faults.add(apiId, { kind: options.fault }, 1);
    await driver.call('takeSeen');
    const client = await driver.call<{ status?: number; error?: string; ms: number }>('probe', `${sandbox.url}${PAID}&apiId=${apiId}`, 'omit');
    await new Promise((r) => setTimeout(r, 300));
    await applyMeasure(driver, options.measure, false);
    const seen = (await driver.call<Seen[]>('takeSeen')).filter((s) => s.url.includes('/v2/full'));
    const requests = (await (await fetch(`${sandbox.origin}/__sandbox/requests?apiId=${apiId}`)).json()) as { requests: { path: string; connection: number; reused: boolean; connectionHeader: string | null; at: string }[] };
    const paid = requests.requests.filter((r) => r.path === '/v2/full');
    return {
      ...options,
      paidRequestsReceived: paid.length,
      firstReused: paid[0]?.reused ?? null,
      resentAfterMs: paid.length > 1 ? Date.parse(paid[1]!.at) - Date.parse(paid[0]!.at) : null,
      connections: paid.map((r) => `${r.connection}${r.reused ? ' (reused)' : ''}${r.connectionHeader ? ` ${r.connectionHeader}` : ''}`),
      charges: sandbox.state.ledger(apiId)?.charges.filter((c) => c.path === '/v2/full').length ?? 0,
      fetchSaw: client.error ? `error ${client.error}` : `status ${client.status}`,
      webRequest: seen.map((s) => s.event + (s.status ? ` ${s.status}` : '') + (s.error ? ` ${s.error}` : '') + (s.event === 'sendHeaders' ? ` [Connection: ${s.connection}]` : '')).join(', '),
      webRequestIds: [...new Set(seen.map((s) => s.requestId))].length,
    };
  } finally {
    await sandbox.close();
  }
}

/**
 * Against a server that keeps connections alive despite the request's `Connection: close`:
 * is the client's own header enough, and does rewriting the answer's header help?
 */
async function stubborn(driver: Driver, rules: { request: boolean; response: boolean }, kind: 'http1-ignores-close' | 'http2' = 'http1-ignores-close') {
  const server = kind === 'http2' ? await startH2Server() : await startStubbornServer();
  try {
    if (rules.request) await driver.call('useDnrConnectionClose', true);
    if (rules.response) await driver.call('useDnrResponseConnectionClose', true);
    const free = await driver.call<{ status?: number; error?: string }>('probe', `${server.url}free`);
    await new Promise((r) => setTimeout(r, 50));
    server.resetNext();
    const client = await driver.call<{ status?: number; error?: string }>('probe', `${server.url}paid`);
    await new Promise((r) => setTimeout(r, 300));
    const paid = server.received.filter((r) => r.path === '/paid');
    return {
      server: kind,
      freeCall: free.error ? `error ${free.error}` : `status ${free.status}`,
      requestRule: rules.request,
      responseRule: rules.response,
      paidRequestsReceived: paid.length,
      connections: paid.map((r) => `${r.connection}${r.reused ? ' (reused)' : ''} ${r.connectionHeader ?? ''}`.trim()),
      fetchSaw: client.error ? `error ${client.error}` : `status ${client.status}`,
    };
  } finally {
    await driver.call('useDnrConnectionClose', false);
    await driver.call('useDnrResponseConnectionClose', false);
    await server.close();
  }
}

async function latency(driver: Driver, measure: Measure, rounds: number, perRound: number) {
  const sandbox = await startSandbox({ port: 0, log: () => {}, rateLimitPerSecond: 100_000 });
  try {
    const urls = Array.from({ length: perRound }, () => `${sandbox.url}${PAID}&apiId=sandbox-demo-key`);
    const plain: number[] = [];
    const measured: number[] = [];
    await driver.call('timeMany', urls.slice(0, 5)); // warm-up
    for (let round = 0; round < rounds; round += 1) {
      plain.push((await driver.call<number>('timeMany', urls)) / perRound);
      await applyMeasure(driver, measure, true);
      measured.push((await driver.call<number>('timeMany', urls)) / perRound);
      await applyMeasure(driver, measure, false);
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const reused = ((await (await fetch(`${sandbox.origin}/__sandbox/requests?apiId=sandbox-demo-key`)).json()) as { requests: { reused: boolean }[] }).requests;
    return { measure, plainMsPerLookup: +median(plain).toFixed(2), measuredMsPerLookup: +median(measured).toFixed(2), ratio: +(median(measured) / median(plain)).toFixed(2), requestsOnReusedConnections: `${reused.filter((r) => r.reused).length}/${reused.length}` };
  } finally {
    await sandbox.close();
  }
}

async function main() {
  const browser = (process.argv[2] ?? 'chromium') as Browser;
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 5;
  const driver = browser === 'firefox' ? await firefoxDriver() : await chromiumDriver();
  const results: Record<string, unknown> = { browser, version: driver.version, at: new Date().toISOString() };
  try {
    const measures: Measure[] = browser === 'firefox' ? ['none', 'dnr-connection-close', 'webrequest-connection-close', 'separate-pools'] : ['none', 'dnr-connection-close', 'separate-pools'];
    const rows = [];
    for (const measure of measures) {
      for (const fault of ['charge-then-reset-before-answer', 'charge-then-408'] as const) {
        for (const warm of measure === 'none' ? [false, true] : [true]) rows.push(await scenario(driver, { warm, fault, measure }));
        if (measure === 'separate-pools') rows.push(await scenario(driver, { warm: true, fault, measure, warmWithPaid: true }));
      }
    }
    results.scenarios = rows;
    const stubbornRows = [];
    for (const [request, response] of [[false, false], [true, false], [false, true], [true, true]] as const) stubbornRows.push(await stubborn(driver, { request, response }));
    if (browser === 'chromium') for (const request of [false, true]) stubbornRows.push(await stubborn(driver, { request, response: false }, 'http2'));
    results.stubbornServer = stubbornRows;
    console.table(stubbornRows);
    console.table(rows.map(({ webRequest: _w, ...row }) => row));
    for (const row of rows) console.log(`${row.measure} ${row.fault} warm=${row.warm}: webRequest saw ${row.webRequest || 'nothing'}`);
    const costs = [];
    for (const measure of measures.filter((m) => m !== 'none' && m !== 'separate-pools')) costs.push(await latency(driver, measure, rounds, 20));
    results.latency = costs;
    console.table(costs);
  } finally {
    await driver.close();
  }
  mkdirSync('test-results/resend', { recursive: true });
  writeFileSync(`test-results/resend/${browser}.json`, JSON.stringify(results, null, 2));
  console.log(`${browser} ${driver.version}: test-results/resend/${browser}.json`);
}

await main();
