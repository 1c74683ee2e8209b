import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { tabWebAuthFlow } from '@/lib/crm/worker/web-auth/tab-flow';
import { REDIRECT_URI } from '@/test/unit/crm/salesforce-connect';

const AUTHORIZE = 'http://127.0.0.1:9/services/oauth2/authorize?response_type=code&state=s1';

/** The flow's tab, once it is created. */
function nextTab(): Promise<number> {
  return new Promise((resolve) => {
    const listener = (tab: { id?: number }) => {
      fakeBrowser.tabs.onCreated.removeListener(listener);
      resolve(tab.id!);
    };
    fakeBrowser.tabs.onCreated.addListener(listener);
  });
}

beforeEach(() => fakeBrowser.reset());

describe('the automation build’s login tab (in place of the web-auth window)', () => {
  it('opens the authorize URL in a tab, answers the redirect URL the tab reaches, and closes the tab', async () => {
    const created = nextTab();
    const flow = tabWebAuthFlow(() => REDIRECT_URI)({ url: AUTHORIZE, interactive: true });
    const id = await created;
    expect((await fakeBrowser.tabs.get(id)).url).toBe(AUTHORIZE);
    // Salesforce's own pages on the way (login, consent) are not the answer.
    await fakeBrowser.tabs.update(id, { url: 'http://127.0.0.1:9/secur/frontdoor.jsp' });
    const other = await fakeBrowser.tabs.create({ url: 'about:blank' });
    await fakeBrowser.tabs.update(other.id!, { url: `${REDIRECT_URI}?code=not-ours&state=s1` });
    await fakeBrowser.tabs.update(id, { url: `${REDIRECT_URI}?code=abc&state=s1` });
    await expect(flow).resolves.toBe(`${REDIRECT_URI}?code=abc&state=s1`);
    expect((await fakeBrowser.tabs.query({})).map((t) => t.id)).not.toContain(id);
  });

  it('the user closing the tab is a refusal, as closing the browser’s window is', async () => {
    const created = nextTab();
    const flow = tabWebAuthFlow(() => REDIRECT_URI)({ url: AUTHORIZE, interactive: true });
    // The fake's tabs.remove fails for a tab in no window it knows: the event the browser sends is enough.
    const id = await created;
    await new Promise((resolve) => setTimeout(resolve, 0)); // the flow learns its tab's id when tabs.create answers
    await fakeBrowser.tabs.onRemoved.trigger(id, { isWindowClosing: false, windowId: 0 });
    await expect(flow).rejects.toThrow('The user did not approve access.');
  });
});
