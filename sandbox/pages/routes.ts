import { Hono, type Context } from 'hono';
import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { contactsPage } from '@/sandbox/pages/contacts';
import { html, page } from '@/sandbox/pages/html';
import { pagesIndex } from '@/sandbox/pages/index-page';
import { microblogProfilePage } from '@/sandbox/pages/microblog-profile';
import { networkCompanyPage } from '@/sandbox/pages/network-company';
import { networkProfilePage } from '@/sandbox/pages/network-profile';
import { networkSearchPage } from '@/sandbox/pages/network-search';

/** Path segments after `/pages/<kind>/`, still percent-encoded (slugs are decoded by the index). */
function segmentsAfter(c: Context, kind: string): string[] {
  const path = new URL(c.req.url).pathname;
  const start = path.indexOf(`/${kind}/`);
  return start < 0 ? [] : path.slice(start + kind.length + 2).split('/').filter(Boolean);
}

const missing = (c: Context, what: string) =>
  c.html(page({ title: 'Page not found', body: html`<main><h1>Page not found</h1><p>No ${what} here.</p></main>` }), 404);

/**
 * Demo pages under `/pages`, at paths that mirror the real sites' so a test can route
 * `https://www.linkedin.com/<path>` to `/pages/<path>` (and `https://x.com/<user>` to `/pages/microblog/<user>`).
 */
export function pageRoutes(index: DirectoryIndex): Hono {
  const routes = new Hono();
  routes.get('/', (c) => c.html(pagesIndex(index)));

  routes.get('/in/*', (c) => {
    const [slug] = segmentsAfter(c, 'in');
    const person = slug === undefined ? undefined : index.personBySlug(slug);
    return person ? c.html(networkProfilePage(index, person)) : missing(c, 'profile');
  });

  routes.get('/company/*', (c) => {
    const [slug, tab] = segmentsAfter(c, 'company');
    const company = slug === undefined ? undefined : index.companyBySlug(slug);
    return company ? c.html(networkCompanyPage(index, company, tab)) : missing(c, 'company');
  });

  const search = (c: Context) => c.html(networkSearchPage(index, c.req.query('keywords') ?? ''));
  routes.get('/search', search);
  routes.get('/search/results/people', search);
  routes.get('/search/results/people/', search);

  routes.get('/microblog/:username', (c) => {
    const person = index.personByUsername(c.req.param('username'));
    if (!person?.microblogUsername || !person.microblog) return missing(c, 'microblog profile');
    return c.html(microblogProfilePage({ ...person, microblogUsername: person.microblogUsername, microblog: person.microblog }));
  });

  routes.get('/contacts', (c) => c.html(contactsPage(index)));
  return routes;
}
