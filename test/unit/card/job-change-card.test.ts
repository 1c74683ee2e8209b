import { describe, expect, it } from 'vitest';
import { cardActions } from '@/lib/card/page/actions';
import { nextLookup } from '@/lib/card/page/next-lookup';
import { cardHeader, cardRows } from '@/lib/card/page/rows';
import { seedOfDetection, type CardSubject } from '@/lib/card/page/subject';
import type { Detection } from '@/lib/detect/detection';
import { observeJob } from '@/lib/book/job-change';
import { answer, book, DAY, detection, mayaEnrichment, MAYA_URL, WORK } from '@/test/unit/card/fixtures';

/** Her profile as the detector reads it today: she moved to Initech. */
const moved = (over: Partial<Detection> = {}): Detection => ({
  ...detection,
  person: { fullName: 'Maya Chen', jobTitle: 'CTO', headline: 'CTO at Initech', company: 'Initech', profileUrl: MAYA_URL },
  ...over,
});

async function onPage(page: Detection): Promise<CardSubject> {
  const known = await book(answer('enrichPerson', mayaEnrichment(), DAY));
  return { ...known, seed: seedOfDetection(page) };
}

const rowsOf = (subject: CardSubject) => cardRows(subject, { euMode: false });
const next = (subject: CardSubject, canRun: (id: string) => boolean = () => true) => nextLookup(cardHeader(subject), rowsOf(subject), canRun);

describe('the card of someone whose profile shows a new company', () => {
  it('the header says where she is now, and where she was', async () => {
    const header = cardHeader(await onPage(moved()));
    expect(header.company).toBe('Initech');
    expect(header.title).toBe('CTO');
    expect(header.jobChange).toMatchObject({ kind: 'company', was: { title: 'VP of Engineering', company: 'Northwind Analytics' } });
    // Her old headline told the old job: the notice says it, once.
    expect(header.headline).toBeUndefined();
    // The old employer's website is no link of hers any more.
    expect(header.links.map((l) => l.kind)).not.toContain('website');
  });

  it('a company only her headline gave, split on a word that also means "in", is no change', async () => {
    const headlineOnly = (headline: string, company: string) =>
      moved({ person: { fullName: 'Maya Chen', headline, company, profileUrl: MAYA_URL }, sources: ['h1', 'headline'] });
    expect(cardHeader(await onPage(headlineOnly('Consultora en Recursos Humanos', 'Recursos Humanos'))).jobChange).toBeUndefined();
    // Said with a word that means "at" only, it is one.
    expect(cardHeader(await onPage(headlineOnly('CTO at Initech', 'Initech'))).jobChange).toMatchObject({ kind: 'company', now: { company: 'Initech' } });
  });

  it('her work email is marked probably gone, and finding the new one is the next lookup', async () => {
    const subject = await onPage(moved());
    const work = rowsOf(subject).find((r) => r.id === 'workEmail');
    expect(work).toMatchObject({ gone: true, emails: [{ address: WORK }] });
    expect(next(subject)).toBe('email');
  });

  it('the company row offers the new company, not the old one’s facts', async () => {
    const company = rowsOf(await onPage(moved())).find((r) => r.id === 'company');
    expect(company).toMatchObject({ company: null, knownAt: null });
  });

  it('every lookup asks about the new company, never the one the record still names', async () => {
    const actions = cardActions(await onPage(moved()));
    expect(actions.find((a) => a.id === 'email')?.request.input).toEqual({ fullName: 'Maya Chen', company: 'Initech', profileUrl: MAYA_URL });
    expect(actions.find((a) => a.id === 'email')?.label).toContain('Initech');
    expect(actions.find((a) => a.id === 'company')?.request.input).toEqual({ company: 'Initech' });
  });

  it('in the contact book (no page), the recorded change does the same', async () => {
    const known = await book(answer('enrichPerson', mayaEnrichment(), DAY));
    const person = observeJob(known.person!, { profileUrl: MAYA_URL, company: 'Initech', title: 'CTO', seenOn: 'profile' }, 2 * DAY)!;
    const subject: CardSubject = { ...known, person };
    expect(cardHeader(subject).jobChange?.now.company).toBe('Initech');
    expect(cardActions(subject).find((a) => a.id === 'email')?.request.input).toMatchObject({ company: 'Initech' });
    expect(next(subject)).toBe('email');
  });
});

describe('no change, no notice', () => {
  it('the same company, spelled otherwise', async () => {
    const subject = await onPage(moved({ person: { fullName: 'Maya Chen', jobTitle: 'VP Engineering', company: 'NORTHWIND ANALYTICS INC.', profileUrl: MAYA_URL } }));
    expect(cardHeader(subject).jobChange).toBeUndefined();
    expect(rowsOf(subject).find((r) => r.id === 'workEmail')).toMatchObject({ gone: false });
    expect(cardActions(subject).find((a) => a.id === 'company')?.request.input).toEqual({ company: 'northwind-analytics.example' });
  });

  it('an unsure reading of the page', async () => {
    expect(cardHeader(await onPage(moved({ confidence: 0.3 }))).jobChange).toBeUndefined();
  });

  it('a namesake’s profile', async () => {
    const other = 'https://www.linkedin.com/in/maya-chen-8a1b2c3d/';
    const subject = await onPage(moved({ url: other, person: { fullName: 'Maya Chen', company: 'Initech', profileUrl: other } }));
    expect(cardHeader(subject).jobChange).toBeUndefined();
  });
});

describe('a new title at the same company', () => {
  it('is said, but the emails stay good and no lookup is pushed', async () => {
    const subject = await onPage(moved({ person: { fullName: 'Maya Chen', jobTitle: 'CTO', company: 'Northwind Analytics', profileUrl: MAYA_URL } }));
    expect(cardHeader(subject).jobChange).toMatchObject({ kind: 'title', was: { title: 'VP of Engineering' } });
    expect(rowsOf(subject).find((r) => r.id === 'workEmail')).toMatchObject({ gone: false });
    expect(next(subject)).toBe('mobile');
  });
});
