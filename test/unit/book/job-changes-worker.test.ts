import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Detection } from '@/lib/detect/detection';
import { answerOfEntry } from '@/lib/book/from-history';
import type { PersonContact } from '@/lib/book/model';
import { getContact, observePeople, recordAnswers } from '@/lib/book/store';
import { createJobChanges } from '@/lib/book/worker/job-changes';
import { onRecordsChanged } from '@/lib/platform/storage/vault';
import { entry } from '@/test/unit/book/answer-fixtures';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

const profile = (company: string | undefined, profileUrl = MAYA): Detection => ({
  kind: 'person',
  url: profileUrl,
  person: { fullName: 'Maya Chen', jobTitle: 'VP Data', ...(company ? { company } : {}), profileUrl },
  confidence: 0.9,
  sources: ['h1', 'aria-label'],
});

async function withMaya(): Promise<PersonContact> {
  await recordAnswers([answerOfEntry(entry({}))!]);
  return (await getContact('person:maya-chen')) as PersonContact;
}

const jobChanges = (now = 5_000) => createJobChanges({ observe: observePeople, now: () => now });

describe('job changes, recorded by the worker from what content scripts report', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('her profile names another company: the change is recorded beside the facts, with no request made', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const before = await withMaya();
    await jobChanges().seen(profile('Initech'));
    const after = (await getContact('person:maya-chen')) as PersonContact;
    expect(after.jobChange).toMatchObject({ kind: 'company', was: { company: 'Northwind Analytics' }, now: { company: 'Initech', title: 'VP Data' }, seenAt: 5_000, seenOn: 'profile' });
    // The paid facts and the dates the book sorts and retains by are as they were.
    const { jobChange: _seen, ...rest } = after;
    expect(rest).toEqual(before);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a namesake’s profile, or a page with no company, writes nothing', async () => {
    const before = await withMaya();
    const changed = vi.fn();
    onRecordsChanged.addListener(changed);
    await jobChanges().seen(profile('Initech', 'https://www.linkedin.com/in/maya-chen-8a1b2c3d/'));
    await jobChanges().seen(profile(undefined));
    await jobChanges().seen(profile('Northwind Analytics Inc.'));
    onRecordsChanged.removeListener(changed);
    expect(await getContact('person:maya-chen')).toEqual(before);
    expect(changed).not.toHaveBeenCalled();
  });

  const searchRow = (headline: string): Detection => ({
    kind: 'peopleSearch',
    url: 'https://www.linkedin.com/search/results/people/?keywords=maya',
    confidence: 1,
    sources: [],
    results: [{ key: 'urn:1', fullName: 'Maya Chen', headline, profileUrl: MAYA }],
  });
  const MONTHS_LATER = 2_000 + 31 * 86_400_000;

  it('a search page’s row is seen too, once the record is a month old, and a later visit that agrees with the book ends it', async () => {
    await withMaya();
    await jobChanges(MONTHS_LATER).seen(searchRow('Head of Data chez Initech | Paris'));
    expect(((await getContact('person:maya-chen')) as PersonContact).jobChange).toMatchObject({ now: { company: 'Initech' }, seenOn: 'search' });
    await jobChanges(MONTHS_LATER + 1).seen(profile('Northwind Analytics'));
    expect(((await getContact('person:maya-chen')) as PersonContact).jobChange).toBeUndefined();
  });

  it('a freshly enriched record and a stale search row: nothing is written', async () => {
    const before = await withMaya();
    await jobChanges(5_000).seen(searchRow('Head of Data chez Initech | Paris'));
    expect(await getContact('person:maya-chen')).toEqual(before);
  });

  it('a book that cannot be written does not fail the page’s report', async () => {
    const failing = createJobChanges({ observe: () => Promise.reject(new Error('quota')), now: () => 1 });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(failing.seen(profile('Initech'))).resolves.toBeUndefined();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
