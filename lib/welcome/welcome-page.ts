import { browser } from 'wxt/browser';

export const WELCOME_PATH = '/welcome.html';

/** Runs in the worker: the welcome page in a tab of its own (install, or a screen without a key). */
export async function openWelcomePage(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PATH) });
}

/**
 * A new install opens the welcome page; an update or a browser update opens nothing. Automation
 * builds open nothing either (wxt.config.ts): their tests start from a known set of tabs, and the
 * store packages' tests check that a release opens it.
 */
export function shouldWelcome(reason: string, automationBuild: boolean): boolean {
  return reason === 'install' && !automationBuild;
}
