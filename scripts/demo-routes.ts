import type { BrowserContext } from 'playwright-core';

/** An ordinary site for the all-sites email and phone scanner. */
export const CONTACTS_PAGE_URL = 'https://contacts.example/team';

/**
 * Which of the sandbox's demo pages stands for each real site: the professional network's
 * `/in/`, `/company/` and search pages, the microblog's profiles, and an ordinary page with
 * contact details. One list for every browser driver (Playwright here, Puppeteer in the Firefox
 * suite: test/firefox/firefox.ts).
 */
export const DEMO_ROUTES: readonly { match: RegExp; pagePath(url: URL): string }[] = [
  { match: /^https:\/\/([a-z]{2,3}\.|www\.)?linkedin\.com\//, pagePath: (url) => `${url.pathname}${url.search}` },
  { match: /^https:\/\/(www\.)?(x|twitter)\.com\/[^/?#]+\/?$/, pagePath: (url) => `/microblog${url.pathname}` },
  { match: /^https:\/\/contacts\.example\//, pagePath: () => '/contacts' },
];

/** The sandbox address of the demo page served for a real site's URL, or null for any other URL. */
export function demoPageUrl(url: string, sandboxOrigin: string): string | null {
  const route = DEMO_ROUTES.find((r) => r.match.test(url));
  return route ? `${sandboxOrigin}/pages${route.pagePath(new URL(url))}` : null;
}

/**
 * Serves the sandbox's demo pages at the real sites' addresses, so that content scripts
 * inject exactly as they would there.
 */
export async function routeDemoPages(
  context: Pick<BrowserContext, 'route'>,
  sandboxOrigin: string,
  rewrite?: (html: string, url: URL) => string,
  /** Response headers a site may send, a `Permissions-Policy` say. */
  headers: Record<string, string> = {},
) {
  for (const { match } of DEMO_ROUTES) {
    await context.route(match, async (route) => {
      const url = new URL(route.request().url());
      const response = await fetch(demoPageUrl(url.href, sandboxOrigin)!);
      const html = await response.text();
      await route.fulfill({
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'text/html; charset=utf-8',
        headers,
        body: rewrite ? rewrite(html, url) : html,
      });
    });
  }
}
