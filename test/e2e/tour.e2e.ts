import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTour, TOUR_STEPS } from '@/scripts/demo/tour';
import { startHubspotEmulator } from '@/test/emulators/hubspot';
import { expect, test } from '@/test/e2e/extension';

/**
 * `npm start`'s tour, step by step, as it runs without a display: every flow it shows must
 * still work, and each step leaves its screenshot. (docs/screenshots/ holds the ones from the
 * last `npm start`; this writes to a temporary folder.)
 */
test('the demo tour runs every flow against the sandbox and writes a screenshot of each step', async ({ context, worker, sandbox }) => {
  test.setTimeout(120_000);
  const hubspot = await startHubspotEmulator();
  const dir = mkdtempSync(join(tmpdir(), 'dossier-tour-'));
  try {
    const written = await runTour({ context, worker, sandboxUrl: sandbox.url, hubspotOrigin: hubspot.origin, screenshotDir: dir, log: () => {} });
    expect(written).toEqual(TOUR_STEPS.map((step) => join(dir, step.file)));
    for (const path of written) expect(existsSync(path) && statSync(path).size).toBeGreaterThan(5_000);
    expect(hubspot.state.contacts.size).toBe(1);
  } finally {
    await hubspot.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
