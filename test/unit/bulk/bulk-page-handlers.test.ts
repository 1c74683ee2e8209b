import { describe, expect, it, vi } from 'vitest';
import { createBulkPageHandlers } from '@/lib/bulk/worker/open-page-handlers';

describe('openBulk', () => {
  it('opens the bulk enrichment page through the worker and answers once it is open', async () => {
    let opened = false;
    const open = vi.fn(async () => {
      await Promise.resolve();
      opened = true;
    });
    const reply = await createBulkPageHandlers({ open }).openBulk(undefined, { id: 'ext-id', url: 'chrome-extension://ext-id/panel-frame.html', tab: { id: 4 } });
    expect(open).toHaveBeenCalledTimes(1);
    expect(opened).toBe(true);
    expect(reply).toEqual({ ok: true, value: true });
  });
});

describe('bulkWake', () => {
  it('answers without opening anything: delivering it is what starts a stopped worker', async () => {
    const open = vi.fn(async () => {});
    expect(await createBulkPageHandlers({ open }).bulkWake(undefined, { id: 'ext-id', url: 'chrome-extension://ext-id/bulk.html' })).toEqual({ ok: true, value: true });
    expect(open).not.toHaveBeenCalled();
  });
});
