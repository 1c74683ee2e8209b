import { describe, expect, it } from 'vitest';
import { bookRow, sameBookRow } from '@/lib/book/page/row';
import { contactSchema } from '@/lib/book/model';
import { person } from '@/test/unit/book/book-fixtures';

const maya = person({ id: 'person:maya', name: 'Maya Chen', company: 'Northwind', title: 'Buyer', emails: [{ address: 'maya@northwind.example', grade: 'verified' }], crm: false, tags: ['Paris event'] });
/** The contact as a new read gives it: the same values, new objects. */
const readAgain = (raw: unknown) => bookRow(contactSchema.parse(structuredClone(raw)));

describe('sameBookRow', () => {
  it('a contact read again shows the same row', () => {
    expect(sameBookRow(readAgain(maya), readAgain(maya))).toBe(true);
  });

  it.each([
    ['its name', { ...maya, name: { ...maya.name!, value: 'Maya Lee' } }],
    ['a tag', { ...maya, tags: ['Paris event', 'Lead'] }],
    ['its email’s grade', { ...maya, workEmails: [{ ...maya.workEmails[0]!, grade: 'catch_all' as const }] }],
    ['its CRM status', { ...maya, crm: { ...maya.crm!, found: true } }],
    ['its update time', { ...maya, updatedAt: maya.updatedAt + 1 }],
    ['a phone', { ...maya, phones: [{ e164: '+33612345678', international: '+33 6 12 34 56 78', kind: 'mobile' as const, foundAt: 1, source: maya.workEmails[0]!.source }] }],
  ])('a contact whose %s changed shows another row', (_, changed) => {
    expect(sameBookRow(readAgain(maya), readAgain(changed))).toBe(false);
  });
});

describe('sameBookRow, field by field', () => {
  const row = readAgain(maya);
  it.each(Object.keys(row) as (keyof typeof row)[])('a row whose %s differs is another row', (field) => {
    const value = row[field];
    const other = typeof value === 'number' ? value + 1 : value === null ? 'x' : typeof value === 'string' ? `${value}!` : Array.isArray(value) ? [...value, 'x'] : { ...value, extra: 1 };
    expect(sameBookRow(row, { ...row, [field]: other })).toBe(false);
  });
});
