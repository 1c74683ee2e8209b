import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { emptyCounts } from '@/lib/bulk/counts';
import { showBalanceOnBadge, showBulkProgress } from '@/lib/worker/toolbar-badge';
import { aRun } from '@/test/unit/bulk/runner-fakes';

const running = aRun({ state: 'running', counts: { ...emptyCounts(1_000), done: 420 } });

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(browser.action, 'setBadgeText').mockResolvedValue(undefined);
  vi.spyOn(browser.action, 'setBadgeBackgroundColor').mockResolvedValue(undefined);
  vi.spyOn(browser.action, 'setTitle').mockResolvedValue(undefined);
  vi.spyOn(browser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Dossier', version: '1', action: { default_title: 'Dossier' } } as never);
});

const texts = () => vi.mocked(browser.action.setBadgeText).mock.calls.map(([d]) => d.text);

describe('the toolbar during a bulk run', () => {
  it('shows the run’s progress, keeps it over balance updates, and gives the badge back to the balance after', async () => {
    await showBulkProgress([running]);
    expect(texts()).toEqual(['42%']);
    expect(browser.action.setTitle).toHaveBeenLastCalledWith({ title: 'Bulk run: 420 of 1,000' });

    // A paid lookup of the run reads the balance again: it must not hide the progress.
    await showBalanceOnBadge({ credits: 3, at: 1 });
    expect(texts()).toEqual(['42%']);

    await showBulkProgress([]);
    expect(texts()).toEqual(['42%', '']);
    expect(browser.action.setTitle).toHaveBeenLastCalledWith({ title: 'Dossier' });
    await showBalanceOnBadge({ credits: 3, at: 1 });
    expect(texts()).toEqual(['42%', '', '3']);
  });
});
