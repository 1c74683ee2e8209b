import { describe, expect, it, vi } from 'vitest';
import { openToolbarMenu } from '@/lib/worker/toolbar-menu';

describe("opening Dossier's toolbar menu from the worker", () => {
  it('opens the popup and says so', async () => {
    const openPopup = vi.fn(async () => {});
    expect(await openToolbarMenu({ openPopup })).toBe(true);
    expect(openPopup).toHaveBeenCalledOnce();
  });

  it('answers false where the browser refuses (another panel open, a user action wanted)', async () => {
    const openPopup = vi.fn(async () => Promise.reject(new Error('openPopup() cannot be called while another panel is open')));
    expect(await openToolbarMenu({ openPopup })).toBe(false);
  });

  it('answers false where the browser has no way to open it', async () => {
    expect(await openToolbarMenu(undefined)).toBe(false);
    expect(await openToolbarMenu({})).toBe(false);
  });
});
