/**
 * A new install opens the welcome page; an update or a browser update opens nothing. Automation
 * builds open nothing either (wxt.config.ts): their tests start from a known set of tabs, and the
 * store packages' tests check that a release opens it.
 */
export function shouldWelcome(reason: string, automationBuild: boolean): boolean {
  return reason === 'install' && !automationBuild;
}
