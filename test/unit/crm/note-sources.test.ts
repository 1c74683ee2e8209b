import { describe, expect, it } from 'vitest';
import { crmContactSchema } from '@/lib/crm/contact';
import { summaryLines } from '@/lib/crm/summary';
import { toVCard } from '@/lib/crm/export/vcard';
import { contactOf } from '@/lib/crm/worker/people';
import { crmContactOf } from '@/lib/book/worker/crm-contact';
import { MAYA } from '@/test/unit/book/book-fixtures';
import { entry } from '@/test/unit/book/answer-fixtures';

const MARCH_12 = Date.UTC(2026, 2, 12, 10);
const JUNE_1 = Date.UTC(2026, 5, 1, 10);

/** Maya as the book holds her: each value with the lookup that gave it. */
const maya = {
  ...MAYA,
  workEmails: [
    { address: 'maya.chen@northwind.example', kind: 'work' as const, grade: 'verified' as const, foundAt: MARCH_12, source: { op: 'enrichPerson', historyId: 'h1', at: MARCH_12, paid: true } },
    { address: 'm.chen@northwind.example', kind: 'work' as const, grade: 'catch_all' as const, foundAt: JUNE_1, source: { op: 'findWorkEmail', historyId: 'h2', at: JUNE_1, paid: false } },
  ],
  phones: [
    { e164: '+33612345678', international: '+33 6 12 34 56 78', kind: 'mobile' as const, whatsapp: true, whatsappCheckedAt: MARCH_12, foundAt: MARCH_12, source: { op: 'searchPhone', historyId: 'h3', at: JUNE_1, paid: false } },
    { e164: '+33140000000', international: '+33 1 40 00 00 00', kind: 'unknown' as const, foundAt: MARCH_12, source: { op: 'enrichPerson', historyId: 'h1', at: MARCH_12, paid: true } },
  ],
};

describe('the CRM note says where each email and phone came from', () => {
  it('one line per value: its grade, the lookup and its day, the WhatsApp check with its own day', () => {
    const lines = summaryLines(crmContactOf(maya, null)!);
    expect(lines).toContain('Verified email: maya.chen@northwind.example — Enrich person, 2026-03-12');
    expect(lines).toContain('Unverified email (catch-all domain, not verified): m.chen@northwind.example — Find work email, 2026-06-01');
    expect(lines).toContain('Phone: +33612345678 (mobile) — Find phone numbers, 2026-06-01; On WhatsApp, checked 2026-03-12');
    expect(lines).toContain('Phone: +33140000000 — Enrich person, 2026-03-12');
    expect(lines.filter((l) => l.includes('+336'))).toHaveLength(1);
  });

  it('a push from a history entry dates its values by the lookup (when first paid, for a ledger repeat)', () => {
    const withPhone = entry({
      id: 'h9',
      outcome: 'cached',
      fromLedger: true,
      cost: 0,
      paidAt: MARCH_12,
      at: JUNE_1,
      result: {
        person: { fullName: 'Maya Chen', networkUrl: 'https://www.linkedin.com/in/maya-chen/', urls: [], extra: {}, emails: [{ address: 'maya@northwind.example', status: 'verified', verified: true }], phones: [{ e164: '+33612345678', international: '+33 6 12 34 56 78', type: 'mobile', whatsapp: false }] },
        extra: {},
      },
    });
    const contact = contactOf(withPhone)!;
    expect(contact.emails[0]!.source).toEqual({ op: 'enrichPerson', at: MARCH_12, paid: false });
    const lines = summaryLines(contact);
    expect(lines).toContain('Verified email: maya@northwind.example — Enrich person, 2026-03-12');
    expect(lines).toContain('Phone: +33612345678 (mobile) — Enrich person, 2026-03-12; Not on WhatsApp, checked 2026-03-12');
  });

  it('a contact an older outbox kept, without sources, still reads and its note is as it was', () => {
    const stored = { identity: 'person:maya-chen', fullName: 'Maya Chen', emails: [{ address: 'maya@northwind.example', status: 'verified' }], phones: [{ e164: '+33612345678', type: 'mobile' }], enrichedAt: MARCH_12, historyId: 'h1' };
    const lines = summaryLines(crmContactSchema.parse(stored));
    expect(lines).toContain('Verified email: maya@northwind.example');
    expect(lines).toContain('Phone: +33612345678 (mobile)');
  });

  it('the vCard’s note says the same, a verified address staying an EMAIL', () => {
    const card = toVCard(crmContactOf(maya, null)!).replace(/\r\n /g, '');
    expect(card).toContain('EMAIL;TYPE=work;PREF=1:maya.chen@northwind.example');
    const note = card.split('\r\n').find((l) => l.startsWith('NOTE:'))!;
    expect(note).toContain('Verified email: maya.chen@northwind.example — Enrich person\\, 2026-03-12');
    expect(note).toContain('Unverified email (catch-all domain\\, not verified): m.chen@northwind.example — Find work email\\, 2026-06-01');
    expect(note).toContain('Phone: +33612345678 (mobile) — Find phone numbers\\, 2026-06-01\\; On WhatsApp\\, checked 2026-03-12');
  });
});
