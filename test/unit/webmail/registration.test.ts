import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SCANNER_SCRIPT, syncContentScripts, WEBMAIL_SCRIPT } from '@/lib/worker/content-registration';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/settings/preferences';
import { WEBMAIL_MATCHES } from '@/lib/webmail/hosts';

interface Registered {
  id: string;
  matches?: string[];
  excludeMatches?: string[];
  js?: string[];
}

/** The browser's registered content scripts (WXT's fake browser has no scripting API), and the granted hosts. */
function installBrowser(granted: string[]) {
  const registered = new Map<string, Registered>();
  const scripting = {
    getRegisteredContentScripts: vi.fn(async ({ ids }: { ids: string[] }) => ids.flatMap((id) => (registered.has(id) ? [registered.get(id)!] : []))),
    registerContentScripts: vi.fn(async (scripts: Registered[]) => scripts.forEach((s) => registered.set(s.id, s))),
    updateContentScripts: vi.fn(async (scripts: Registered[]) => scripts.forEach((s) => registered.set(s.id, s))),
    unregisterContentScripts: vi.fn(async ({ ids }: { ids: string[] }) => ids.forEach((id) => registered.delete(id))),
  };
  Object.assign(fakeBrowser, { scripting });
  Object.assign(fakeBrowser.permissions, {
    contains: vi.fn(async ({ origins = [] }: { origins?: string[] }) => origins.every((o) => granted.includes(o) || granted.includes('<all_urls>'))),
  });
  return { registered, scripting };
}

const prefs = (webmail: boolean, scanAllSites = false): Preferences => ({ ...DEFAULT_PREFERENCES, webmail: { enabled: webmail }, pageAccess: { scanAllSites, panelMode: null } });

beforeEach(() => fakeBrowser.reset());

describe('the web mail reader’s registration', () => {
  it('runs only when web mail is on and the four hosts are granted', async () => {
    const { registered } = installBrowser([...WEBMAIL_MATCHES]);
    expect(await syncContentScripts(prefs(false))).toEqual({ scanner: false, webmail: false });
    expect(registered.has(WEBMAIL_SCRIPT.id)).toBe(false);
    expect(await syncContentScripts(prefs(true))).toEqual({ scanner: false, webmail: true });
    expect(registered.get(WEBMAIL_SCRIPT.id)).toMatchObject({ matches: [...WEBMAIL_MATCHES], js: ['/content-scripts/webmail.js'] });
  });

  it('is taken away when the permission is given back, or web mail turned off', async () => {
    const granted = [...WEBMAIL_MATCHES];
    const { registered } = installBrowser(granted);
    await syncContentScripts(prefs(true));
    granted.splice(0);
    expect(await syncContentScripts(prefs(true))).toMatchObject({ webmail: false });
    expect(registered.has(WEBMAIL_SCRIPT.id)).toBe(false);
    granted.push(...WEBMAIL_MATCHES);
    await syncContentScripts(prefs(true));
    await syncContentScripts(prefs(false));
    expect(registered.has(WEBMAIL_SCRIPT.id)).toBe(false);
  });

  it('is not there with the all-sites permission alone: web mail must be turned on too', async () => {
    const { registered } = installBrowser(['<all_urls>']);
    await syncContentScripts(prefs(false, true));
    expect([...registered.keys()]).toEqual([SCANNER_SCRIPT.id]);
  });
});

describe('the all-sites scanner never reads web mail', () => {
  it('excludes the web mail clients’ pages', async () => {
    const { registered } = installBrowser(['<all_urls>']);
    await syncContentScripts(prefs(false, true));
    expect(registered.get(SCANNER_SCRIPT.id)!.excludeMatches).toEqual(expect.arrayContaining([...WEBMAIL_MATCHES]));
  });

  it('a registration an earlier release left without that exclusion is updated in place', async () => {
    const { registered, scripting } = installBrowser(['<all_urls>']);
    registered.set(SCANNER_SCRIPT.id, { id: SCANNER_SCRIPT.id, js: SCANNER_SCRIPT.js, matches: ['<all_urls>'], excludeMatches: ['*://*.linkedin.com/*'] });
    await syncContentScripts(prefs(false, true));
    expect(scripting.updateContentScripts).toHaveBeenCalledTimes(1);
    expect(registered.get(SCANNER_SCRIPT.id)!.excludeMatches).toEqual(SCANNER_SCRIPT.excludeMatches);
    await syncContentScripts(prefs(false, true));
    expect(scripting.updateContentScripts).toHaveBeenCalledTimes(1);
  });
});
