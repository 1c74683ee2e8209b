import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countRows } from '@/lib/bulk/counts';
import { getRun, putRows, putRun } from '@/lib/bulk/store';
import { BULK_ALARM } from '@/lib/bulk/worker/wiring';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { apiKeyItem, gatewayItem, preferencesItem } from '@/lib/settings/stored';
import { createSandboxApp, type Sandbox } from '@/sandbox/app';
import { buildCrowd } from '@/sandbox/tools/generate-directory';
import { markPending } from '@/lib/lookup/worker/journal';
import { readHistoryEntries } from '@/lib/history/worker/store';
import { aRow, aRun, aTask } from '@/test/unit/bulk/runner-fakes';

/**
 * The worker's entrypoint, started as Chrome starts it: a run left `running` by a worker that
 * stopped goes on by itself, and the keep-alive alarm and the browser's start wake it too.
 */
const KEY = 'worker-start-key';
const people = buildCrowd(3).people.map((p) => p.networkUrl);
let sandbox: Sandbox;
let full = 0;

beforeEach(async () => {
  fakeBrowser.reset();
  sandbox = createSandboxApp({ crowd: 3, log: () => undefined });
  sandbox.state.setKey(KEY, 100);
  full = 0;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname.endsWith('/v2/full')) full++;
    return sandbox.app.fetch(request);
  });
  await gatewayItem.setValue({ kind: 'sandbox', url: 'http://127.0.0.1:8787/api/ingress/' });
  await apiKeyItem.setValue(KEY);
  await preferencesItem.setValue(DEFAULT_PREFERENCES);
  // Chrome APIs the fake browser lacks, which the worker's start touches.
  const events = [fakeBrowser.contextMenus.onClicked, fakeBrowser.commands.onCommand, fakeBrowser.notifications.onClicked, fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved];
  for (const event of events) vi.spyOn(event, 'addListener').mockImplementation(() => {});
  // The browser's start names the menus again in the user's language.
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockImplementation(async () => {});
  vi.stubGlobal('__DOSSIER_AUTOMATION__', false);
});

afterEach(() => vi.unstubAllGlobals());

async function startWorker() {
  const { default: background } = await import('@/entrypoints/background');
  background.main();
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the worker’s start', () => {
  // One worker per test file: the messaging library allows one listener per message per context.
  it('a run left running goes on by itself; a task the stopped worker had sent is recovered as lost, never sent again; the alarm and the browser’s start resume runs too', { timeout: 30_000 }, async () => {
    const rows = people.map((url, i) =>
      aRow(i, [aTask('enrichPerson', i === 0 ? { state: 'sending', attemptId: 'lost-1' } : {})], { person: { profileUrl: url }, cells: [url] }),
    );
    await putRows(rows);
    await putRun(aRun({ state: 'running', rowCount: rows.length, counts: countRows(rows) }));
    // The journal says the request under that id left, and no answer was recorded.
    await markPending({ historyId: 'lost-1', request: { op: 'enrichPerson', input: { profileUrl: people[0] } }, startedAt: 1, price: 2, balanceBefore: 100 });
    await startWorker();
    await until(async () => (await getRun('run-1'))?.state === 'done');
    expect(full).toBe(2);
    expect(await getRun('run-1')).toMatchObject({ counts: { paid: 2, unknown: 1, sending: 0 } });
    expect(await readHistoryEntries(['lost-1'])).toMatchObject([{ outcome: 'unknown' }]);
    expect(await fakeBrowser.alarms.get(BULK_ALARM)).toBeUndefined();

    // A run the worker did not see at its start (as if it had stopped since): the keep-alive alarm resumes it.
    const again = (runId: string) => people.map((url, i) => ({ ...aRow(i, undefined, { person: { profileUrl: url }, cells: [url] }), runId }));
    await putRows(again('run-2'));
    await putRun(aRun({ id: 'run-2', state: 'running', rowCount: 3, counts: countRows(again('run-2')) }));
    await fakeBrowser.alarms.onAlarm.trigger({ name: BULK_ALARM, scheduledTime: Date.now() });
    await until(async () => (await getRun('run-2'))?.state === 'done');
    // People paid for in run-1 are answered by the ledger; the lost one is sent (it is run-2's own task).
    expect(full).toBe(3);

    await putRows(again('run-3'));
    await putRun(aRun({ id: 'run-3', state: 'running', rowCount: 3, counts: countRows(again('run-3')) }));
    await fakeBrowser.runtime.onStartup.trigger();
    await until(async () => (await getRun('run-3'))?.state === 'done');
    expect(full).toBe(3);
    expect(await getRun('run-3')).toMatchObject({ counts: { free: 3 } });
  });
});
