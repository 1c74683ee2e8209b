import { describe, expect, it } from 'vitest';
import { cardActions } from '@/lib/card/page/actions';
import { lastEnrichment } from '@/lib/card/page/enrichment';
import { cardHeader, cardRows, type CardRow } from '@/lib/card/page/rows';
import { keysOfSeed, seedOfDetection } from '@/lib/card/page/subject';
import type { PersonContact } from '@/lib/book/model';
import { answer, book, DAY, detection, MAYA_URL, mayaEnrichment, mayaPhones, PERSONAL, WORK } from '@/test/unit/card/fixtures';

/** The row with that id, typed as its kind of row. */
type RowOf<I> = CardRow extends infer R ? (R extends { id: infer K } ? (I extends K ? R : never) : never) : never;
const row = <I extends CardRow['id']>(rows: CardRow[], id: I) => rows.find((r) => r.id === id) as RowOf<I>;

describe('the card’s rows', () => {
  it('after enrich then find mobile: each email once, in one row; the phones with their kinds', async () => {
    const subject = await book(answer('enrichPerson', mayaEnrichment(), 1 * DAY), answer('searchPhone', mayaPhones(), 2 * DAY));
    const rows = cardRows(subject, { euMode: false });
    expect(rows.map((r) => r.id)).toEqual(['workEmail', 'phone', 'personalEmail', 'microblog', 'company']);
    const all = [...row(rows, 'workEmail').emails, ...row(rows, 'personalEmail').emails].map((e) => e.address);
    expect(all).toEqual([WORK, PERSONAL]);
    // The phone search said "unknown" about the work email: the verified grade stays.
    expect(row(rows, 'workEmail').emails[0]).toMatchObject({ grade: 'verified', foundAt: 1 * DAY });
    expect(row(rows, 'phone').phones.map((p) => [p.e164, p.kind, p.whatsapp])).toEqual([
      ['+14155550110', 'mobile', true],
      ['+14155550111', 'landline', false],
      ['+14155550112', 'unknown', undefined],
    ]);
    expect(row(rows, 'phone').knownAt).toBe(2 * DAY);
    // The phone search returned her record too: the header's facts are as of then.
    expect(row(rows, 'personalEmail').searchedAt).toBe(2 * DAY);
    expect(cardHeader(subject).knownAt).toBe(2 * DAY);
    expect(row(rows, 'microblog').handle).toBe('mayabuilds');
    expect(row(rows, 'company').company?.industry?.value).toBe('Software');
  });

  it('files an address the gateway calls personal in the personal row, whatever its domain, and hides it in EU mode', async () => {
    const found = mayaPhones();
    found.person!.emails.push({ address: 'maya.chen@mail.example', status: 'unknown', verified: false, type: 'personal' });
    const subject = await book(answer('searchPhone', found, DAY));
    expect(row(cardRows(subject, { euMode: false }), 'personalEmail').emails.map((e) => e.address)).toEqual(['maya.chen@mail.example']);
    expect(row(cardRows(subject, { euMode: false }), 'workEmail').emails.map((e) => e.address)).toEqual([WORK]);
    expect(JSON.stringify(cardRows(subject, { euMode: true }))).not.toContain('mail.example');
  });

  it('never lists a work address again among the personal ones', () => {
    const fact = { address: WORK, kind: 'work' as const, grade: 'verified' as const, foundAt: 1, source: { op: 'enrichPerson', historyId: null, at: 1, paid: true } };
    const person = { kind: 'person', id: 'person:maya-chen', keys: ['person:maya-chen'], words: [], tags: [], firstSeenAt: 1, updatedAt: 1, urls: [], workEmails: [fact], personalEmails: [{ ...fact, kind: 'personal' as const }], phones: [] } satisfies PersonContact;
    const rows = cardRows({ person, company: null, seed: null }, { euMode: false });
    expect(row(rows, 'personalEmail').emails).toEqual([]);
  });

  it('in EU mode, has no personal emails row at all', async () => {
    const subject = await book(answer('enrichPerson', mayaEnrichment(), DAY));
    const rows = cardRows(subject, { euMode: true });
    expect(rows.map((r) => r.id)).not.toContain('personalEmail');
    expect(JSON.stringify(rows)).not.toContain(PERSONAL);
  });

  it('grades a catch-all domain and a most probable guess as such', async () => {
    const subject = await book(
      answer(
        'findWorkEmail',
        { status: 'most_probable', email: { address: 'm.chen@catchall.example', status: 'most_probable', verified: false }, candidates: [{ address: 'maya@catchall.example', status: 'most_probable', verified: false }], catchAll: true, domain: 'catchall.example', patterns: [], extra: {} },
        DAY,
        { fullName: 'Maya Chen', company: 'Catchall', profileUrl: MAYA_URL },
      ),
      answer('findWorkEmail', { status: 'most_probable', email: { address: 'maya@northwind-analytics.example', status: 'most_probable', verified: false }, candidates: [], patterns: [], extra: {} }, 2 * DAY, { fullName: 'Maya Chen', profileUrl: MAYA_URL }),
    );
    const grades = row(cardRows(subject, { euMode: false }), 'workEmail').emails.map((e) => [e.address, e.grade]);
    expect(grades).toEqual(
      expect.arrayContaining([
        ['m.chen@catchall.example', 'catch_all'],
        ['maya@catchall.example', 'catch_all'],
        ['maya@northwind-analytics.example', 'most_probable'],
      ]),
    );
  });

  it('on a first visit: every row not known yet', () => {
    const rows = cardRows({ person: null, company: null, seed: seedOfDetection(detection) }, { euMode: false });
    expect(rows.map((r) => [r.id, r.knownAt])).toEqual([
      ['workEmail', null],
      ['phone', null],
      ['personalEmail', null],
      ['microblog', null],
      ['company', null],
    ]);
  });
});

describe('the card’s header', () => {
  it('on a first visit, says what the page said; once enriched, what the book knows and when', async () => {
    const first = cardHeader({ person: null, company: null, seed: seedOfDetection(detection) });
    expect(first).toMatchObject({ name: 'Maya Chen', title: 'VP of Engineering at Northwind Analytics', company: 'Northwind Analytics', knownAt: null });
    expect(first.links).toEqual([{ kind: 'profile', href: MAYA_URL }]);

    const subject = await book(answer('enrichPerson', mayaEnrichment(), DAY));
    const header = cardHeader({ ...subject, seed: seedOfDetection(detection) });
    expect(header).toMatchObject({ name: 'Maya Chen', title: 'VP of Engineering', company: 'Northwind Analytics', location: 'San Francisco, California, United States', knownAt: DAY });
    // The headline only repeats the title: not shown twice.
    expect(header.headline).toBeUndefined();
    expect(header.links.map((l) => [l.kind, l.href])).toEqual([
      ['profile', 'https://www.linkedin.com/in/maya-chen/'],
      ['microblog', 'https://x.com/mayabuilds'],
      ['website', 'https://northwind-analytics.example/'],
    ]);
  });

  it('links http(s) addresses only', async () => {
    const enrichment = mayaEnrichment();
    enrichment.company!.website = 'javascript:alert(document.domain)';
    enrichment.person!.networkUrl = 'data:text/html,<script>alert(1)</script>';
    const subject = await book({ ...answer('enrichPerson', enrichment, DAY), requestKeys: ['email:maya.chen@northwind-analytics.example'] });
    expect(cardHeader(subject).links.map((l) => l.kind)).toEqual(['microblog']);
  });
});

describe('the card’s lookups', () => {
  it('on a profile page: the panel’s own requests, and the company’s', () => {
    const actions = cardActions({ person: null, company: null, seed: seedOfDetection(detection) });
    expect(actions.map((a) => [a.id, a.request.op, a.request.input])).toEqual([
      ['enrich', 'enrichPerson', { profileUrl: MAYA_URL }],
      ['email', 'findWorkEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics', profileUrl: MAYA_URL }],
      ['mobile', 'searchPhone', { profileUrl: MAYA_URL }],
      ['microblog', 'microblogProfile', { profileUrl: MAYA_URL }],
      ['company', 'enrichCompany', { company: 'Northwind Analytics' }],
    ]);
    expect(keysOfSeed(seedOfDetection(detection))).toEqual(['person:maya-chen', 'name:maya chen|northwind analytics']);
  });

  it('where there is no page (history, popup, contact book): built from the contact, the company by its domain', async () => {
    const subject = await book(answer('enrichPerson', mayaEnrichment(), DAY));
    const actions = cardActions(subject);
    expect(actions.find((a) => a.id === 'mobile')?.request).toEqual({ op: 'searchPhone', input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } });
    expect(actions.find((a) => a.id === 'company')?.request).toEqual({ op: 'enrichCompany', input: { company: 'northwind-analytics.example' } });
  });
});

describe('the enrichment a CRM push starts from', () => {
  it('is the newest full enrichment the person’s values still name, after other lookups too', async () => {
    const enrich = answer('enrichPerson', mayaEnrichment(), 1 * DAY);
    const subject = await book(enrich, answer('searchPhone', mayaPhones(), 2 * DAY));
    expect(lastEnrichment(subject)).toEqual({ historyId: enrich.historyId, at: 1 * DAY });
  });

  it('is never a colleague’s: the company’s facts do not count', async () => {
    const colleague = answer('enrichPerson', { ...mayaEnrichment(), person: undefined }, 1 * DAY);
    const subject = await book(colleague, answer('searchPhone', mayaPhones(), 2 * DAY));
    expect(subject.company?.name?.source.historyId).toBe(colleague.historyId);
    expect(lastEnrichment(subject)).toBeNull();
  });
});
