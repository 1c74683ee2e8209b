import { browser, type Browser } from 'wxt/browser';

/** The session rule's id: the worker's only declarativeNetRequest rule. */
export const FRESH_CONNECTION_RULE_ID = 1;

type Rule = Browser.declarativeNetRequest.Rule;

/**
 * `Connection: close` on every request the worker sends the gateway (each carries `apiId=` in
 * its query; `tabId` -1: not a page's; started by this extension, `extensionId`, not by a site's
 * own service worker, which has no tab either). Chromium sends a GET again by itself, unseen by fetch and
 * by webRequest, when it went out on a reused kept-alive connection that dropped before any
 * answer, or answered a bare 408 (HttpNetworkTransaction::ShouldResendRequest); the gateway then
 * bills twice. With every gateway connection closed after its one answer, no paid request ever
 * starts on a reused one. The query string, what the gateway bills on, is untouched.
 * Measured: docs/design/paid-requests-and-resends.md.
 */
export function freshConnectionRule(extensionId: string): Rule {
  return {
    id: FRESH_CONNECTION_RULE_ID,
    priority: 1,
    action: {
      type: 'modifyHeaders' as Browser.declarativeNetRequest.RuleActionType,
      requestHeaders: [{ header: 'connection', operation: 'set' as Browser.declarativeNetRequest.HeaderOperation, value: 'close' }],
    },
    condition: {
      urlFilter: 'apiId=',
      tabIds: [-1],
      // A request's initiator is its origin: chrome-extension://<id> for the worker's.
      initiatorDomains: [extensionId],
      resourceTypes: ['xmlhttprequest' as Browser.declarativeNetRequest.ResourceType],
    },
  };
}

export type SessionRules = Pick<typeof browser.declarativeNetRequest, 'updateSessionRules'>;

/**
 * Installs the rule (again: session rules outlive a worker restart but not the browser's).
 * Resolves whatever happens: a browser without the API still looks up, as before.
 */
export async function installFreshConnectionRule(rules: SessionRules | undefined = browser.declarativeNetRequest, extensionId = browser.runtime.id): Promise<boolean> {
  if (!rules) return false;
  try {
    await rules.updateSessionRules({ removeRuleIds: [FRESH_CONNECTION_RULE_ID], addRules: [freshConnectionRule(extensionId)] });
    return true;
  } catch {
    return false;
  }
}
