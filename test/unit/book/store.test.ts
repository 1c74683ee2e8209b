import { describe, expect, it, vi } from 'vitest';
import { createContactBook } from '@/lib/book/worker/contact-book';
import { answerOfEntry } from '@/lib/book/from-history';
import { countContacts, findContact, forgetContacts, getContact, recordAnswers, tagContacts, watchContact } from '@/lib/book/store';
import type { PersonContact } from '@/lib/book/model';
import { entry, phoneAnswer } from '@/test/unit/book/answer-fixtures';

describe('contact store', () => {
  it('merges answers written in separate transactions into one stored contact, found by any of its keys', async () => {
    await recordAnswers([answerOfEntry(entry({}))!]);
    await recordAnswers([answerOfEntry(phoneAnswer)!]);
    const maya = (await getContact('person:maya-chen')) as PersonContact;
    expect(maya.workEmails.map((e) => e.address)).toEqual(['maya@northwind.example']);
    expect(maya.phones.map((p) => p.e164)).toEqual(['+33612345678']);
    expect((await findContact(['phone:+33612345678']))?.id).toBe('person:maya-chen');
    expect((await findContact(['email:maya@northwind.example']))?.id).toBe('person:maya-chen');
    expect(maya.words).toEqual(expect.arrayContaining(['maya', 'chen', 'northwind', 'maya@northwind.example', '33612345678', '0612345678']));
    // The person and the company.
    expect(await countContacts()).toBe(2);
  });

  it('re-keys a contact under a stronger identity without leaving the old record', async () => {
    await recordAnswers([
      answerOfEntry(
        entry({ id: 'r1', op: 'reversePhone', input: { phone: '+33612345678' }, identity: 'phone:+33612345678', result: { phone: { e164: '+33612345678', international: '+33 6 12 34 56 78' }, person: { fullName: 'Maya Chen', urls: [], emails: [], phones: [], extra: {} } } }),
      )!,
    ]);
    expect(await getContact('phone:+33612345678')).not.toBeNull();
    await recordAnswers([answerOfEntry(phoneAnswer)!]);
    expect(await getContact('phone:+33612345678')).toBeNull();
    expect(await getContact('person:maya-chen')).not.toBeNull();
    expect(await countContacts()).toBe(1);
  });

  it('tags, then forgets', async () => {
    await recordAnswers([answerOfEntry(entry({}))!]);
    await tagContacts(['person:maya-chen'], { add: ['  Paris   event ', 'Paris event'] });
    expect((await getContact('person:maya-chen'))?.tags).toEqual(['Paris event']);
    await tagContacts(['person:maya-chen'], { remove: ['Paris event'] });
    expect((await getContact('person:maya-chen'))?.tags).toEqual([]);
    const forgotten = await forgetContacts(['person:maya-chen']);
    expect(forgotten.map((c) => c.id)).toEqual(['person:maya-chen']);
    expect(await getContact('person:maya-chen')).toBeNull();
  });

  it('tells a watcher when its contact changes', async () => {
    const seen: (string | undefined)[] = [];
    const stop = watchContact(['person:maya-chen'], (c) => seen.push(c?.kind === 'person' ? c.phones[0]?.e164 ?? 'none' : undefined));
    await vi.waitFor(() => expect(seen).toEqual([undefined]));
    await recordAnswers([answerOfEntry(entry({}))!]);
    await vi.waitFor(() => expect(seen.at(-1)).toBe('none'));
    await recordAnswers([answerOfEntry(phoneAnswer)!]);
    await vi.waitFor(() => expect(seen.at(-1)).toBe('+33612345678'));
    stop();
  });
});

describe('the worker keeps the book', () => {
  it('records a paid answer, and nothing for a miss', async () => {
    const book = createContactBook({ record: recordAnswers, now: () => 5 });
    await book.afterLookupRecorded(entry({ id: 'm1', outcome: 'miss', result: undefined }));
    expect(await countContacts()).toBe(0);
    await book.afterLookupRecorded(entry({}));
    expect((await getContact('person:maya-chen'))?.kind).toBe('person');
  });

  it('a book that cannot be written never fails the lookup', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const book = createContactBook({ record: () => Promise.reject(new Error('disk full')), now: () => 5 });
    await expect(book.afterLookupRecorded(entry({}))).resolves.toBeUndefined();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('a CRM check marks the person as in the CRM', async () => {
    const book = createContactBook({ record: recordAnswers, now: () => 9 });
    await book.afterLookupRecorded(entry({}));
    await book.afterCrmCheck({ profileUrl: 'https://www.linkedin.com/in/maya-chen/' }, [{ target: 'hubspot', label: 'HubSpot', state: 'in_crm', recordUrl: 'https://app.hubspot.com/x', message: null }]);
    expect((await getContact('person:maya-chen'))?.crm).toMatchObject({ crm: 'hubspot', found: true, checkedAt: 9 });
  });
});
