/* global performance, fetch, navigator */
// The re-send probe (scripts/resend/measure.ts drives it): fetches from the extension's own
// background, as Dossier's worker does, and records what webRequest lets an extension see.
const api = globalThis.browser ?? globalThis.chrome;
const isFirefox = typeof globalThis.browser !== 'undefined' && typeof globalThis.browser.runtime.getBrowserInfo === 'function';
const filter = { urls: ['http://127.0.0.1/*', 'https://127.0.0.1/*'] };
globalThis.seen = [];

function headerOf(details, name) {
  const found = (details.requestHeaders ?? []).find((h) => h.name.toLowerCase() === name);
  return found ? found.value : null;
}
function note(event) {
  return (details) => {
    globalThis.seen.push({ event, url: details.url, requestId: details.requestId, at: performance.now(),
      connection: headerOf(details, 'connection'), status: details.statusCode ?? null, error: details.error ?? null });
  };
}
api.webRequest.onBeforeRequest.addListener(note('beforeRequest'), filter);
try {
  api.webRequest.onSendHeaders.addListener(note('sendHeaders'), filter, ['requestHeaders', 'extraHeaders']);
} catch {
  api.webRequest.onSendHeaders.addListener(note('sendHeaders'), filter, ['requestHeaders']);
}
api.webRequest.onResponseStarted.addListener(note('responseStarted'), filter);
api.webRequest.onCompleted.addListener(note('completed'), filter);
api.webRequest.onErrorOccurred.addListener(note('error'), filter);

globalThis.probe = async (url, credentials = 'omit') => {
  const started = performance.now();
  try {
    const response = await fetch(url, { credentials, headers: { Accept: 'application/json' }, redirect: 'manual' });
    const body = await response.text();
    return { status: response.status, bytes: body.length, ms: performance.now() - started };
  } catch (error) {
    return { error: String(error), ms: performance.now() - started };
  }
};

globalThis.timeMany = async (urls, credentials = 'omit') => {
  const started = performance.now();
  for (const url of urls) {
    const response = await fetch(url, { credentials });
    await response.text();
  }
  return performance.now() - started;
};

/** Connection: close on every request to 127.0.0.1, by a declarativeNetRequest session rule. */
globalThis.useDnrConnectionClose = async (on) => {
  await api.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [1],
    addRules: on ? [{ id: 1, priority: 1, action: { type: 'modifyHeaders', requestHeaders: [{ header: 'connection', operation: 'set', value: 'close' }] },
      condition: { requestDomains: ['127.0.0.1'], resourceTypes: ['xmlhttprequest', 'other'] } }] : [],
  });
  return api.declarativeNetRequest.getSessionRules();
};

/** Connection: close written over the answer's own header, by a declarativeNetRequest session rule. */
globalThis.useDnrResponseConnectionClose = async (on) => {
  await api.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [2],
    addRules: on ? [{ id: 2, priority: 1, action: { type: 'modifyHeaders', responseHeaders: [{ header: 'connection', operation: 'set', value: 'close' }] },
      condition: { requestDomains: ['127.0.0.1'], resourceTypes: ['xmlhttprequest', 'other'] } }] : [],
  });
  return api.declarativeNetRequest.getSessionRules();
};

/** Connection: close set by a blocking webRequest listener (Firefox keeps blocking webRequest in MV3). */
function setClose(details) {
  const headers = (details.requestHeaders ?? []).filter((h) => h.name.toLowerCase() !== 'connection');
  headers.push({ name: 'Connection', value: 'close' });
  return { requestHeaders: headers };
}
globalThis.useBlockingConnectionClose = (on) => {
  try {
    if (on) api.webRequest.onBeforeSendHeaders.addListener(setClose, filter, ['blocking', 'requestHeaders']);
    else api.webRequest.onBeforeSendHeaders.removeListener(setClose);
    return 'ok';
  } catch (error) {
    return String(error);
  }
};
globalThis.browserInfo = async () => (isFirefox ? JSON.stringify(await api.runtime.getBrowserInfo()) : navigator.userAgent);
globalThis.takeSeen = () => globalThis.seen.splice(0);
