import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '@/test/conformance/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

async function page(path: string, status = 200): Promise<string> {
  const res = await fetch(`${h.sandbox.origin}${path}`);
  expect(res.status, path).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
}

const CSP = `<meta http-equiv="Content-Security-Policy" content="require-trusted-types-for 'script'">`;

describe('demo pages: professional-network profile', () => {
  it('has the landmarks of page-landmarks.md', async () => {
    const html = await page('/pages/in/maya-chen/');
    expect(html).toMatch(/<title>(\(\d+\) )?Maya Chen \| LinkedIn<\/title>/);
    expect(html).toContain(CSP);
    expect(html).toMatch(/<h1 class="[A-Za-z]{12} inline t-24 v-align-middle break-words">Maya Chen<\/h1>/);
    expect(html).toContain('<div class="text-body-medium break-words">VP of Engineering at Northwind Analytics</div>');
    expect(html).toContain('<span class="text-body-small inline t-black--light break-words">San Francisco, California, United States</span>');
    expect(html).toContain('aria-label="Current company: Northwind Analytics. Click to skip to experience card"');
    expect(html.match(/data-view-name="profile-component-entity"/g)!.length).toBeGreaterThanOrEqual(2);
    expect(html.match(/<code style="display:none" id="bpr-guid-\d+">/g)).toHaveLength(3);
    expect(html).toContain('promote@2x.png');
    expect(html).not.toContain('application/ld+json');
  });

  it('serves percent-encoded slugs, sub-pages and query strings as the same person', async () => {
    for (const path of ['/pages/in/jos%C3%A9-mu%C3%B1oz/', '/pages/in/jos%C3%A9-mu%C3%B1oz/details/experience/', '/pages/in/jos%C3%A9-mu%C3%B1oz?miniProfileUrn=x']) {
      expect(await page(path)).toMatch(/José Muñoz \| LinkedIn<\/title>/);
    }
  });

  it('escapes every value taken from data (names, headlines, companies)', async () => {
    const sam = await page('/pages/in/sam-carter');
    expect(sam).not.toContain('<script>alert(1)</script>');
    expect(sam).not.toContain('"<blue team>"');
    expect(sam).toContain('Incident response | &quot;&lt;blue team&gt;&quot; &amp; coffee &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sam).not.toMatch(/<script(?! type="application\/ld\+json")/);
    const harriet = await page('/pages/in/harriet-kestrel/');
    expect(harriet).toContain('Current company: Kestrel &amp; Finch. Click');
    const siobhan = await page('/pages/in/siobhan-oconnor/');
    expect(siobhan).toContain('Siobhán O’Connor');
  });

  it('answers 404 (HTML) for an unknown profile', async () => {
    await page('/pages/in/nobody-at-all/', 404);
  });
});

describe('demo pages: company, search', () => {
  it('company page and its sub-pages', async () => {
    const overview = await page('/pages/company/kestrel-and-finch/');
    expect(overview).toContain('<title>Kestrel &amp; Finch: Overview | LinkedIn</title>');
    expect(overview).toMatch(/<h1 class="[A-Za-z]{12} org-top-card-summary__title t-24 t-black t-bold" title="Kestrel &amp; Finch">Kestrel &amp; Finch<\/h1>/);
    expect(overview).toContain(CSP);
    expect(await page('/pages/company/kestrel-and-finch/about/')).toContain('<title>Kestrel &amp; Finch: About | LinkedIn</title>');
    expect(await page('/pages/company/kestrel-and-finch/people/')).toContain(': People | LinkedIn</title>');
    await page('/pages/company/no-such-company/', 404);
  });

  it('people search results, accent-insensitive, at /pages/search and at the real path', async () => {
    for (const path of ['/pages/search?keywords=lefevre', '/pages/search/results/people/?keywords=Lef%C3%A8vre']) {
      const html = await page(path);
      expect(html.match(/data-view-name="search-entity-result-universal-template"/g)).toHaveLength(1);
      expect(html).toMatch(/data-chameleon-result-urn="urn:li:member:\d+"/);
      expect(html).toMatch(/href="https:\/\/www\.linkedin\.com\/in\/emilie-lefevre\?miniProfileUrn=[^"]+"><span dir="ltr"><span aria-hidden="true">Émilie Lefèvre<\/span><span class="visually-hidden">View Émilie Lefèvre’s profile<\/span>/);
      expect(html).toContain('<div class="t-14 t-black t-normal">Head of Growth at Brightwater Labs</div>');
    }
    expect(await page('/pages/search?keywords=zzzz')).toContain('No results found');
  });
});

describe('demo pages: microblog profile and contacts', () => {
  it('microblog profile with data-testid landmarks and a ProfilePage JSON-LD block', async () => {
    const html = await page('/pages/microblog/mayabuilds');
    expect(html).toMatch(/data-testid="UserName"><div dir="ltr"><span>Maya Chen<\/span><\/div><div dir="ltr"><span>@mayabuilds<\/span>/);
    expect(html).toContain('data-testid="UserDescription"');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person', givenName: 'Maya Chen', additionalName: 'mayabuilds', identifier: expect.stringMatching(/^\d+$/), url: 'https://x.com/mayabuilds' } });
    await page('/pages/microblog/nobody_here', 404);
  });

  it('contacts page: emails and phones in text and in mailto:/tel: links, with look-alikes', async () => {
    const html = await page('/pages/contacts');
    expect(html.match(/href="mailto:[^"]+@[^"]+\.(example|test)"/g)!.length).toBeGreaterThanOrEqual(5);
    expect(html.match(/href="tel:\+\d+"/g)!.length).toBeGreaterThanOrEqual(5);
    expect(html).toContain('promote@2x.png');
  });

  it('an index of every page at /pages/', async () => {
    const html = await page('/pages/');
    expect(html).toContain('href="/pages/in/jos%C3%A9-mu%C3%B1oz/"');
    expect(html).toContain('href="/pages/company/northwind-analytics/"');
  });
});
