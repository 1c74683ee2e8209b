import { afterEach, describe, expect, it } from 'vitest';
import { detectPage } from '@/lib/detect/content/detect';
import type { Detection } from '@/lib/detect/detection';
import { PAGE_CASES, pageHtml } from '@/test/fixtures/pages';
import { pageAt } from '@/test/unit/detect/dom';

/**
 * Real pages carry things beside the fields Dossier reads: the connection degree ("· 1st",
 * with a visually hidden "1st degree connection"), icon-font glyphs (private-use-area
 * characters) in badges and buttons, and class names that change on every deploy. None of
 * them may reach a name, headline or company, and the readers must not need the classes.
 */

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

function detect(html: string, url: string): Detection {
  const page = pageAt(url, html);
  open.push(page.close);
  return detectPage(page.document, url);
}

/** The same page after a deploy that renamed every class away. */
const withoutClasses = (html: string) => html.replace(/\sclass="[^"]*"/g, '');

// Private use areas: icon fonts map their glyphs there.
const GLYPH = /[\uE000-\uF8FF]|[\u{F0000}-\u{FFFFD}]|[\u{100000}-\u{10FFFD}]/u;
const DEGREE = /\b(?:1st|2nd|3rd\+?)\b|degree connection/i;

function shownTexts(detection: Detection): string[] {
  const person = detection.person;
  return [
    person?.fullName,
    person?.headline,
    person?.jobTitle,
    person?.company,
    person?.location,
    detection.company?.name,
    ...(detection.results ?? []).flatMap((row) => [row.fullName, row.headline]),
  ].filter((text): text is string => text !== undefined);
}

const PEOPLE_AND_SEARCHES = PAGE_CASES.filter((fixture) => fixture.kind === 'person' || fixture.kind === 'peopleSearch' || fixture.kind === 'salesLead');

describe('what a page shows beside the fields never reaches them', () => {
  it.each(PEOPLE_AND_SEARCHES)('$name', (fixture) => {
    for (const html of [pageHtml(fixture.file), withoutClasses(pageHtml(fixture.file))]) {
      for (const text of shownTexts(detect(html, fixture.url))) {
        expect(text).not.toMatch(GLYPH);
        expect(text).not.toMatch(DEGREE);
      }
    }
  });
});

describe('with every class name stripped, the readers find the same person and rows', () => {
  it.each(PEOPLE_AND_SEARCHES)('$name', (fixture) => {
    const detection = detect(withoutClasses(pageHtml(fixture.file)), fixture.url);
    expect(detection.kind).toBe(fixture.kind);
    if (fixture.person) {
      expect(detection.person).toMatchObject({
        fullName: fixture.person.fullName,
        ...(fixture.person.headline ? { headline: fixture.person.headline } : {}),
        ...(fixture.person.company ? { company: fixture.person.company } : {}),
      });
    }
    // Each row keeps its own headline: not its link's text, not its degree badge.
    if (fixture.results) expect(detection.results).toEqual(fixture.results);
  });
});
