import type { BrowserContext } from 'playwright-core';

/** An ordinary site for the all-sites email and phone scanner. */
export const CONTACTS_PAGE_URL = 'https://contacts.example/team';

/**
 * Serves the sandbox's demo pages at the real sites' addresses, so that content scripts
 * inject exactly as they would there: the professional network's `/in/`, `/company/` and
 * search pages, the microblog's profiles, and an ordinary page with contact details.
 */
export async function routeDemoPages(context: Pick<BrowserContext, 'route'>, sandboxOrigin: string, rewrite?: (html: string, url: URL) => string) {
  const serve = (toPath: (url: URL) => string) => async (route: import('playwright-core').Route) => {
    const url = new URL(route.request().url());
    const response = await fetch(`${sandboxOrigin}/pages${toPath(url)}`);
    const html = await response.text();
    await route.fulfill({
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'text/html; charset=utf-8',
      body: rewrite ? rewrite(html, url) : html,
    });
  };
  await context.route(/^https:\/\/([a-z]{2,3}\.|www\.)?linkedin\.com\//, serve((url) => `${url.pathname}${url.search}`));
  await context.route(/^https:\/\/(www\.)?(x|twitter)\.com\/[^/?#]+\/?$/, serve((url) => `/microblog${url.pathname}`));
  await context.route(/^https:\/\/contacts\.example\//, serve(() => '/contacts'));
}
