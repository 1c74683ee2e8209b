import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers, type HandlerDeps } from '@/lib/worker/handlers';
import { createPanelService, type PanelService } from '@/lib/panel/worker/service';
import { readTabState } from '@/lib/panel/worker/tabs';
import type { Detection } from '@/lib/detect/detection';
import { DEFAULT_PREFERENCES, type PanelMode, type Preferences } from '@/lib/settings/preferences';

const identity = { extensionId: 'ext-id', extensionOrigin: 'chrome-extension://ext-id/' };
const maya: Detection = { kind: 'person', url: 'https://www.linkedin.com/in/maya-chen/', person: { fullName: 'Maya Chen' }, confidence: 1, sources: ['url'] };

function prefsWith(mode: PanelMode | null) {
  let prefs: Preferences = { ...DEFAULT_PREFERENCES, pageAccess: { scanAllSites: false, panelMode: mode } };
  return {
    read: async () => prefs,
    write: async (next: Preferences) => {
      prefs = next;
    },
    get current() {
      return prefs;
    },
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('per-tab detections (storage.session, never worker memory alone)', () => {
  it('keeps a report for its tab, readable by a fresh service (a restarted worker)', async () => {
    await createPanelService(prefsWith('stealth')).report(7, maya);
    expect((await readTabState(7)).detection).toEqual(maya);
    expect((await createPanelService(prefsWith('stealth')).state(7)).detection).toEqual(maya);
    expect(await fakeBrowser.storage.session.get('tab:7')).toMatchObject({ 'tab:7': { detection: maya } });
    expect(await fakeBrowser.storage.local.get(null)).not.toHaveProperty('tab:7');
  });

  it('a new document in the tab starts it afresh: the last page’s notice and found items go', async () => {
    const service = createPanelService(prefsWith('stealth'));
    await service.reportFound(7, [{ kind: 'email', value: 'a@b.example', display: 'a@b.example' }], 'doc-1');
    await service.report(7, maya, 'doc-1');
    expect((await readTabState(7)).found).toHaveLength(1);
    await service.report(7, null, 'doc-2');
    expect(await readTabState(7)).toMatchObject({ detection: null, found: [], notice: null });
  });
});

describe('panel mode', () => {
  it('stealth: no frame is ever placed', async () => {
    expect(await createPanelService(prefsWith('stealth')).report(7, maya)).toBeNull();
  });

  it('in-page: a profile gets a frame where the user left it; an ordinary page none', async () => {
    const service = createPanelService(prefsWith('frame'));
    expect(await service.report(7, maya)).toEqual({ collapsed: false, side: 'right' });
    expect(await service.report(7, { ...maya, kind: 'other' })).toBeNull();
  });

  it('not chosen: a profile gets no frame and no tab is opened (the welcome page and the popup ask)', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({ id: 50 } as never);
    const service = createPanelService(prefsWith(null));
    expect(await service.report(7, maya)).toBeNull();
    expect(await service.report(8, maya)).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it('answering saves the mode and the question may come again only if the mode is cleared', async () => {
    const prefs = prefsWith(null);
    const service = createPanelService(prefs);
    const saved = await service.chooseMode('stealth');
    expect(saved.pageAccess.panelMode).toBe('stealth');
    expect(prefs.current.pageAccess.panelMode).toBe('stealth');
  });
});

function handlersWith(panel: Partial<PanelService>, jobChanges: HandlerDeps['jobChanges'] = { seen: async () => {} }) {
  return createHandlers({ identity, panel: panel as PanelService, profileViews: { reported: async () => {} }, jobChanges } as unknown as HandlerDeps);
}

describe('handlers: the tab is always the sender’s', () => {
  const frameSender = { id: 'ext-id', url: 'chrome-extension://ext-id/panel-frame.html', tab: { id: 4 }, frameId: 3 };
  const sidePanel = { id: 'ext-id', url: 'chrome-extension://ext-id/sidepanel.html' };

  it('a content script’s detection is kept for its own tab, from its top frame only', async () => {
    const report = vi.fn(async () => null);
    const h = handlersWith({ report });
    await h.reportDetection({ detection: maya }, { id: 'ext-id', url: maya.url, tab: { id: 4 }, frameId: 0 });
    expect(report).toHaveBeenCalledWith(4, maya, undefined);
    await h.reportDetection({ detection: maya }, { id: 'ext-id', url: maya.url, tab: { id: 4 }, frameId: 2 });
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('a profile’s report is held against the book for job changes, and its reply says only where the frame goes', async () => {
    const seen = vi.fn(async () => {});
    const h = handlersWith({ report: vi.fn(async () => null) }, { seen });
    expect(await h.reportDetection({ detection: maya }, { id: 'ext-id', url: maya.url, tab: { id: 4 }, frameId: 0 })).toEqual({ ok: true, value: { frame: null } });
    expect(seen).toHaveBeenCalledWith(maya);
    // Another frame's report is no page of the tab: nothing is looked at.
    await h.reportDetection({ detection: maya }, { id: 'ext-id', url: maya.url, tab: { id: 4 }, frameId: 2 });
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('the panel frame gets its own tab’s state whatever tab it names; the side panel names its tab', async () => {
    const state = vi.fn(async (tabId: number) => ({ tabId, detection: null, found: [], notice: null, layout: { collapsed: false, side: 'right' as const } }));
    const h = handlersWith({ state });
    expect(await h.panelState({ tabId: 99 }, frameSender)).toMatchObject({ ok: true, value: { tabId: 4 } });
    expect(await h.panelState({ tabId: 99 }, sidePanel)).toMatchObject({ ok: true, value: { tabId: 99 } });
  });

  it('layout and close act on the frame’s own tab, and only a frame may send them', async () => {
    const arrange = vi.fn(async () => {});
    const close = vi.fn(async () => {});
    const h = handlersWith({ arrange, close });
    await h.setPanelLayout({ collapsed: true, side: 'left', height: 300 }, frameSender);
    expect(arrange).toHaveBeenCalledWith(4, { collapsed: true, side: 'left', height: 300 });
    expect(await h.closePanel(undefined, sidePanel)).toMatchObject({ ok: false });
    await h.closePanel(undefined, frameSender);
    expect(close).toHaveBeenCalledWith(4);
  });
});
