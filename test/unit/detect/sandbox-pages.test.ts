import { describe, expect, it } from 'vitest';
import { detectPage } from '@/lib/detect/content/detect';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { defaultDirectory } from '@/sandbox/directory';
import { DirectoryIndex } from '@/sandbox/match/lookup';
import { microblogProfilePage } from '@/sandbox/pages/microblog-profile';
import { networkCompanyPage } from '@/sandbox/pages/network-company';
import { networkProfilePage } from '@/sandbox/pages/network-profile';
import { networkSearchPage } from '@/sandbox/pages/network-search';
import { pageAt } from '@/test/unit/detect/dom';

/** The demo pages the sandbox serves are another author's reading of the landmarks: every one must be read right. */
const index = new DirectoryIndex(defaultDirectory());

async function detect(url: string, html: string) {
  const page = pageAt(url, html);
  try {
    return detectPage(page.document, url);
  } finally {
    await page.close();
  }
}

describe('the sandbox demo pages', () => {
  it.each(index.people.map((person) => [person.fullName, person] as const))('profile of %s', async (_name, person) => {
    const detection = await detect(`${person.networkUrl}/`, networkProfilePage(index, person));
    expect(detection.kind).toBe('person');
    expect(detection.person).toMatchObject({
      fullName: person.fullName,
      headline: person.headline,
      company: index.companyOf(person).name,
      location: person.location,
      profileUrl: parseNetworkProfileUrl(person.networkUrl)!.canonicalUrl,
    });
    expect(detection.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it.each(index.companies.map((company) => [company.name, company] as const))('company page of %s', async (_name, company) => {
    for (const tab of [undefined, 'about', 'people']) {
      const detection = await detect(`${company.networkUrl}/${tab ? `${tab}/` : ''}`, networkCompanyPage(index, company, tab));
      expect(detection).toMatchObject({ kind: 'company', company: { name: company.name, url: parseNetworkProfileUrl(company.networkUrl)!.canonicalUrl } });
      expect(detection.confidence).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('search results', async () => {
    const html = networkSearchPage(index, '');
    const detection = await detect('https://www.linkedin.com/search/results/people/?keywords=', html);
    expect(detection.kind).toBe('peopleSearch');
    expect(detection.results!.length).toBeGreaterThan(0);
    for (const row of detection.results!) {
      // Namesakes exist (two Alex Morgans): the row's identity is its URL.
      const person = index.people.find((candidate) => parseNetworkProfileUrl(candidate.networkUrl)!.canonicalUrl === row.profileUrl)!;
      expect(row).toEqual({ key: `urn:li:member:${person.id}`, fullName: person.fullName, headline: person.headline, profileUrl: parseNetworkProfileUrl(person.networkUrl)!.canonicalUrl });
    }
  });

  const bloggers = index.people.flatMap((person) =>
    person.microblogUsername && person.microblog ? [[person.microblogUsername, { ...person, microblogUsername: person.microblogUsername, microblog: person.microblog }] as const] : [],
  );
  it.each(bloggers)('microblog profile @%s', async (username, person) => {
    const detection = await detect(`https://x.com/${username}`, microblogProfilePage(person));
    expect(detection).toMatchObject({ kind: 'microblogProfile', person: { fullName: person.fullName, microblogUsername: username, location: person.location } });
    expect(detection.confidence).toBeGreaterThanOrEqual(0.8);
  });
});
