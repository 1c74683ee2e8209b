import { afterEach, describe, expect, it } from 'vitest';
import { detectPage } from '@/lib/detect/content/detect';
import { LOW_CONFIDENCE } from '@/lib/detect/detection';
import { PAGE_CASES, pageHtml } from '@/test/fixtures/pages';
import { pageAt } from '@/test/unit/detect/dom';

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

function detect(file: string, url: string) {
  const page = pageAt(url, pageHtml(file));
  open.push(page.close);
  return detectPage(page.document, url);
}

describe('detectPage over the fixture pages', () => {
  it.each(PAGE_CASES)('$name', (fixture) => {
    const detection = detect(fixture.file, fixture.url);
    expect(detection.kind).toBe(fixture.kind);
    expect(detection.url).toBe(fixture.url);
    expect(detection.person).toEqual(fixture.person);
    expect(detection.company).toEqual(fixture.company);
    expect(detection.results).toEqual(fixture.results);
    expect(detection.confidence).toBeGreaterThanOrEqual(fixture.confidence[0]);
    expect(detection.confidence).toBeLessThanOrEqual(fixture.confidence[1]);
    if (fixture.sources) expect(detection.sources).toEqual(expect.arrayContaining(fixture.sources));
    expect(Object.values(detection)).not.toContain(undefined);
  });
});

describe('what detection never reads', () => {
  it('reads neither the whole body nor the hidden state blobs', () => {
    const url = 'https://www.linkedin.com/in/maya-okafor-3b9a71c2/';
    const page = pageAt(url, pageHtml('person-new-layout.html'));
    open.push(page.close);
    const forbidden = (what: string) => ({
      get() {
        throw new Error(`detectPage read ${what}`);
      },
    });
    const guarded = [page.document.body, page.document.querySelector('main')!, ...Array.from(page.document.querySelectorAll('code'))];
    for (const element of guarded) {
      Object.defineProperty(element, 'textContent', forbidden(`${element.tagName}.textContent`));
      Object.defineProperty(element, 'innerText', forbidden(`${element.tagName}.innerText`));
      Object.defineProperty(element, 'innerHTML', forbidden(`${element.tagName}.innerHTML`));
    }
    expect(detectPage(page.document, url).person?.fullName).toBe('Maya Okafor');
  });
});

describe('confidence ordering', () => {
  const confidence = (name: string) => {
    const fixture = PAGE_CASES.find((candidate) => candidate.name === name)!;
    return detect(fixture.file, fixture.url).confidence;
  };

  it('ranks full agreement over a renamed page over a slug guess', () => {
    const full = confidence('person, current layout');
    const renamed = confidence('person, every class renamed');
    const bare = confidence('person, bare markup (no labels, no data attributes)');
    const slugOnly = confidence('person, still loading: slug only');
    expect(full).toBeGreaterThanOrEqual(renamed);
    expect(renamed).toBeGreaterThan(bare);
    expect(bare).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
    expect(slugOnly).toBeLessThan(LOW_CONFIDENCE);
  });

  it('asks the user to check a page that still shows the previous person', () => {
    expect(confidence('person, in-app navigation not yet rendered (page shows the previous person)')).toBeLessThan(LOW_CONFIDENCE);
  });
});

describe('pages Dossier does not act on', () => {
  it.each([
    'https://www.linkedin.com/feed/',
    'https://x.com/home',
    'https://example.com/in/jane-doe/',
  ])('%s is other, with nothing detected', (url) => {
    const detection = detect('person-new-layout.html', url);
    expect(detection).toEqual({ kind: 'other', url, confidence: 0, sources: [] });
  });
});
