import { afterEach, describe, expect, it } from 'vitest';
import { participantsOf } from '@/lib/webmail/content/participants';
import { webmailParticipantsSchema } from '@/lib/webmail/contract';
import { WEBMAIL_CASES, webmailHtml } from '@/test/fixtures/webmail';
import { pageAt } from '@/test/unit/detect/dom';

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

const valid = {
  client: 'gmail',
  sender: { name: 'Maya Okafor', email: 'maya.okafor@northwind.example', role: 'from' },
  others: [{ name: null, email: 'daniel.whitcombe@globex.example', role: 'cc' }],
  self: 'grace.hopper@inbox.example',
};

describe('the reported participants, as the worker checks them', () => {
  it.each(WEBMAIL_CASES)('accepts what the readers find: $name', ({ file, url }) => {
    const page = pageAt(url, webmailHtml(file));
    open.push(page.close);
    expect(webmailParticipantsSchema.safeParse(participantsOf(page.document, url)).success).toBe(true);
  });

  it('accepts a well-formed report', () => {
    expect(webmailParticipantsSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['an address not lowercased', { ...valid, sender: { ...valid.sender, email: 'Maya.Okafor@northwind.example' } }],
    ['something that is not an address', { ...valid, others: [{ name: null, email: 'not an address', role: 'to' }] }],
    ['the same address twice', { ...valid, others: [...valid.others, { name: 'Maya', email: 'maya.okafor@northwind.example', role: 'to' }] }],
    ['the user’s own address as a participant', { ...valid, others: [{ name: null, email: 'grace.hopper@inbox.example', role: 'to' }] }],
    ['a sender whose role is not from', { ...valid, sender: { ...valid.sender, role: 'to' } }],
    ['an unknown client', { ...valid, client: 'yahoo' }],
    ['an extra field (the subject)', { ...valid, subject: 'Pilot for the Lisbon office' }],
    ['an extra field on a participant (a body snippet)', { ...valid, sender: { ...valid.sender, snippet: 'Hi Grace' } }],
    ['an overlong name', { ...valid, sender: { ...valid.sender, name: 'x'.repeat(121) } }],
    ['an empty name (null is how none is said)', { ...valid, sender: { ...valid.sender, name: '' } }],
    ['too many participants', { ...valid, others: Array.from({ length: 501 }, (_, i) => ({ name: null, email: `p${i}@x.example`, role: 'to' })) }],
  ])('refuses %s', (_what, report) => {
    expect(webmailParticipantsSchema.safeParse(report).success).toBe(false);
  });
});
