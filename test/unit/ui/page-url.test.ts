import { describe, expect, it, vi } from 'vitest';
import { createHandlers, type HandlerDeps } from '@/lib/worker/handlers';
import { historyEntrySchema } from '@/lib/history/entry';
import { storedPageUrl } from '@/lib/platform/ui/page-url';

/** A page's query or fragment may carry search terms, tracking ids or tokens: never stored. */
describe('storedPageUrl', () => {
  it.each<[string, unknown, string | null]>([
    ['a profile with tracking', 'https://www.linkedin.com/in/jane-doe/?trk=public_profile&originalSubdomain=fr', 'https://www.linkedin.com/in/jane-doe/'],
    ['a search with its terms', 'https://www.linkedin.com/search/results/people/?keywords=cfo%20acme&page=2', 'https://www.linkedin.com/search/results/people/'],
    ['a fragment holding a token', 'https://app.example/reset#token=s3cr3t', 'https://app.example/reset'],
    ['query and fragment', 'https://a.example/p?q=1#x', 'https://a.example/p'],
    ['an empty query and fragment', 'https://a.example/p?#', 'https://a.example/p'],
    ['a port is kept', 'http://127.0.0.1:8787/pages/person/jane?session=abc', 'http://127.0.0.1:8787/pages/person/jane'],
    ['credentials are dropped', 'https://user:pass@a.example/x?y=1', 'https://a.example/x'],
    ['host case is normalised', 'HTTPS://WWW.LinkedIn.com/in/Jane/', 'https://www.linkedin.com/in/Jane/'],
    ['a bare origin gets its slash', 'https://a.example?x=1', 'https://a.example/'],
    ['surrounding spaces', '  https://a.example/p?x  ', 'https://a.example/p'],
    ['an extension page is not a page', 'chrome-extension://abcdefghijklmnop/sidepanel.html?x=1', null],
    ['javascript: is not a page', 'javascript:alert(1)', null],
    ['a file is not kept', 'file:///home/me/secret.html', null],
    ['not a URL', 'not a url', null],
    ['empty', '', null],
    ['null', null, null],
    ['undefined', undefined, null],
    ['a number', 42, null],
  ])('%s', (_label, input, expected) => {
    expect(storedPageUrl(input)).toBe(expected);
  });
});

describe('where page URLs are stored', () => {
  it('a lookup from the in-page panel records its tab’s page without query or fragment', async () => {
    const lookup = vi.fn(async () => ({}) as never);
    const handlers = createHandlers({
      identity: { extensionId: 'ext', extensionOrigin: 'chrome-extension://ext' },
      lookups: { lookup },
    } as unknown as HandlerDeps);
    const frame = { id: 'ext', url: 'chrome-extension://ext/panel-frame.html', frameId: 3, tab: { id: 1, url: 'https://www.linkedin.com/in/jane-doe/?trk=abc#top' } };
    await handlers.lookup({ op: 'enrichPerson', input: {} } as never, frame);
    expect(lookup).toHaveBeenLastCalledWith(expect.objectContaining({ pageUrl: 'https://www.linkedin.com/in/jane-doe/' }));
    // The popup's lookups are about no page.
    await handlers.lookup({ op: 'enrichPerson', input: {} } as never, { id: 'ext', url: 'chrome-extension://ext/popup.html' });
    expect(lookup).toHaveBeenLastCalledWith(expect.objectContaining({ pageUrl: null }));
  });

  it('a history entry written before the rule is read back without its query', () => {
    const entry = historyEntrySchema.parse({
      id: 'h1',
      op: 'enrichPerson',
      subject: 'x',
      input: {},
      identity: null,
      outcome: 'paid',
      cost: 2,
      fromLedger: false,
      at: 1,
      pageUrl: 'https://www.linkedin.com/in/jane-doe/?miniProfileUrn=urn%3Ali%3Afs&token=abc',
    });
    expect(entry.pageUrl).toBe('https://www.linkedin.com/in/jane-doe/');
  });
});
