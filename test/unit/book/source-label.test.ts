import { afterEach, describe, expect, it } from 'vitest';
import { setCatalog } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { fr } from '@/lib/platform/i18n/fr';
import { emailSourceLines, gradeName, isoDay, lookupName, phoneSourceLines, sourceLine, whatsappLine } from '@/lib/book/source-label';

const MARCH_12 = Date.UTC(2026, 2, 12, 10);
const paid = { op: 'findWorkEmail', historyId: 'h1', at: MARCH_12, paid: true };

afterEach(() => setCatalog('en', en));

describe('where a value came from, in words', () => {
  it('names the lookup as the screens do, the CRM check as the CRM, and an unknown operation vaguely', () => {
    expect(lookupName('findWorkEmail')).toBe('Find work email');
    expect(lookupName('searchPhone')).toBe('Find phone numbers');
    expect(lookupName('crmCheck')).toBe('From your CRM');
    expect(lookupName('somethingNewer')).toBe('An earlier lookup');
  });

  it('says the lookup, its day and whether it was paid or not charged (a ledger repeat, a free answer)', () => {
    expect(sourceLine(paid, isoDay)).toBe('Find work email · 2026-03-12 · paid');
    expect(sourceLine({ ...paid, paid: false }, isoDay)).toBe('Find work email · 2026-03-12 · not charged');
    // The CRM check is nobody's spend: no charge is said.
    expect(sourceLine({ op: 'crmCheck', at: MARCH_12, paid: false }, isoDay)).toBe('From your CRM · 2026-03-12');
  });

  it('writes the day in the reader’s format on screens', () => {
    expect(sourceLine(paid)).toBe('Find work email · Mar 12, 2026 · paid');
  });

  it('names each grade as a salesperson reads it', () => {
    expect(['verified', 'catch_all', 'most_probable', 'unverified'].map((g) => gradeName(g as 'verified'))).toEqual(['Verified', 'Catch-all domain', 'Likely (not verified)', 'Unverified']);
    expect(emailSourceLines({ grade: 'catch_all', source: paid }, isoDay)).toEqual(['Catch-all domain', 'Find work email · 2026-03-12 · paid']);
  });

  it('says the WhatsApp check with its own day, without a day for a record kept before it was, and nothing when unchecked', () => {
    const later = Date.UTC(2026, 5, 1);
    const phone = { source: { op: 'enrichPerson', historyId: 'h2', at: later, paid: true }, whatsapp: true, whatsappCheckedAt: MARCH_12 };
    expect(phoneSourceLines(phone, isoDay)).toEqual(['Enrich person · 2026-06-01 · paid', 'On WhatsApp, checked 2026-03-12']);
    expect(whatsappLine({ whatsapp: false, whatsappCheckedAt: MARCH_12 }, isoDay)).toBe('Not on WhatsApp, checked 2026-03-12');
    expect(whatsappLine({ whatsapp: true }, isoDay)).toBe('On WhatsApp');
    expect(whatsappLine({}, isoDay)).toBeNull();
    expect(phoneSourceLines({ source: phone.source }, isoDay)).toEqual(['Enrich person · 2026-06-01 · paid']);
  });

  it('speaks the user’s language', () => {
    setCatalog('fr', fr);
    expect(sourceLine({ ...paid, paid: false }, isoDay)).toBe('Trouver l’e-mail professionnel · 2026-03-12 · non facturé');
    expect(gradeName('most_probable')).toBe('Probable (non vérifié)');
  });
});
