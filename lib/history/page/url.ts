import { browser } from 'wxt/browser';

/** The history page, opened at one entry when `id` is given (the popup's recent list, a balance note). */
export function historyUrl(id?: string): string {
  return browser.runtime.getURL(id ? `/lookup-history.html#${encodeURIComponent(id)}` : '/lookup-history.html');
}
