import { beforeAll, describe, expect, it } from 'vitest';
import type { PersonContact } from '@/lib/book/model';
import { generateNotice, lookupsOf, SERVICE_NAME } from '@/lib/notice/generate';
import { NOTICE_LANGUAGES, SECTION_IDS, type Controller, type NoticeLanguage } from '@/lib/notice/model';
import { answer, book, DAY, mayaEnrichment, mayaPhones } from '@/test/unit/card/fixtures';

/**
 * The article 14 notice: every part the GDPR asks for, in each of the four languages, with the
 * source named precisely (the service and the day of each lookup) and the company set once.
 */
const ENRICHED_AT = Date.UTC(2026, 2, 12, 9, 30); // 12 March 2026
const PHONES_AT = Date.UTC(2026, 2, 14, 16, 0); // 14 March 2026

const COMPANY: Controller = {
  legalName: 'Acme Ventes SAS',
  postalAddress: '12 rue de la Paix, 75002 Paris, France',
  privacyEmail: 'privacy@acme.example',
};

let maya: PersonContact;
beforeAll(async () => {
  const subject = await book(answer('enrichPerson', mayaEnrichment(), ENRICHED_AT), answer('searchPhone', mayaPhones(), PHONES_AT));
  maya = subject.person!;
});

function notice(language: NoticeLanguage, over: Partial<Parameters<typeof generateNotice>[0]> = {}) {
  const result = generateNotice({ person: maya, controller: COMPANY, retentionDays: 365, language, ...over });
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** Phrases each language must hold: the legal basis, the right to object and each right by name, the retention in words. */
const REQUIRED_PHRASES: Record<NoticeLanguage, { part: string; phrase: string | RegExp }[]> = {
  en: [
    { part: 'legal basis', phrase: 'legitimate interest (Article 6(1)(f) GDPR)' },
    { part: 'objection', phrase: 'You may object at any time' },
    { part: 'access', phrase: 'access your data' },
    { part: 'rectification', phrase: 'rectification' },
    { part: 'erasure', phrase: 'erased (Article 17)' },
    { part: 'restriction', phrase: 'restricted (Article 18)' },
    { part: 'portability', phrase: 'portability' },
    { part: 'no consent to withdraw', phrase: 'there is no consent for you to withdraw' },
    { part: 'retention in words', phrase: 'at most 12 months (365 days)' },
    { part: 'authority', phrase: 'supervisory authority' },
    { part: 'lookup dates', phrase: 'full profile lookup on 12 March 2026 and phone number search on 14 March 2026' },
  ],
  fr: [
    { part: 'legal basis', phrase: 'intérêt légitime (article 6, paragraphe 1, point f, du RGPD)' },
    { part: 'objection', phrase: 'vous opposer à l’utilisation de vos données' },
    { part: 'access', phrase: 'accéder à vos données' },
    { part: 'rectification', phrase: 'droit de rectification' },
    { part: 'erasure', phrase: 'effacement' },
    { part: 'restriction', phrase: 'limitation' },
    { part: 'portability', phrase: 'portabilité' },
    { part: 'no consent to withdraw', phrase: 'il n’y a pas de consentement à retirer' },
    { part: 'retention in words', phrase: '12 mois (365 jours) au maximum' },
    { part: 'authority', phrase: 'autorité de contrôle' },
    { part: 'lookup dates', phrase: 'recherche de profil complète du 12 mars 2026 et recherche de numéro de téléphone du 14 mars 2026' },
  ],
  de: [
    { part: 'legal basis', phrase: 'berechtigtes Interesse (Art. 6 Abs. 1 lit. f DSGVO)' },
    { part: 'objection', phrase: 'jederzeit ohne Angabe von Gründen widersprechen' },
    { part: 'access', phrase: 'Auskunft über Ihre Daten' },
    { part: 'rectification', phrase: 'Berichtigung' },
    { part: 'erasure', phrase: 'Löschung' },
    { part: 'restriction', phrase: 'Einschränkung der Verarbeitung' },
    { part: 'portability', phrase: 'Datenübertragbarkeit' },
    { part: 'no consent to withdraw', phrase: 'keine Einwilligung, die Sie widerrufen könnten' },
    { part: 'retention in words', phrase: 'höchstens 12 Monate (365 Tage)' },
    { part: 'authority', phrase: 'Aufsichtsbehörde' },
    { part: 'lookup dates', phrase: 'vollständige Profilabfrage vom 12. März 2026 und Suche nach der Telefonnummer vom 14. März 2026' },
  ],
  es: [
    { part: 'legal basis', phrase: 'interés legítimo (artículo 6, apartado 1, letra f, del RGPD)' },
    { part: 'objection', phrase: 'Puede oponerse en cualquier momento' },
    { part: 'access', phrase: 'acceder a sus datos' },
    { part: 'rectification', phrase: 'rectificar' },
    { part: 'erasure', phrase: 'supresión' },
    { part: 'restriction', phrase: 'limitación' },
    { part: 'portability', phrase: 'portabilidad' },
    { part: 'no consent to withdraw', phrase: 'no hay ningún consentimiento que retirar' },
    { part: 'retention in words', phrase: 'un máximo de 12 meses (365 días)' },
    { part: 'authority', phrase: 'autoridad de control' },
    { part: 'lookup dates', phrase: 'consulta completa del perfil del 12 de marzo de 2026 y búsqueda del número de teléfono del 14 de marzo de 2026' },
  ],
};

describe('the article 14 notice', () => {
  it.each(NOTICE_LANGUAGES)('in %s, has every required part, each with its heading and words', (language) => {
    const result = notice(language);
    expect(result.sections.map((s) => s.id)).toEqual([...SECTION_IDS]);
    for (const section of result.sections) {
      expect(section.heading.trim(), section.id).not.toBe('');
      expect(section.text.trim().length, section.id).toBeGreaterThan(20);
      expect(result.text, section.id).toContain(`${section.heading}\n${section.text}`);
    }
    for (const { part, phrase } of REQUIRED_PHRASES[language]) expect(result.text, part).toMatch(typeof phrase === 'string' ? new RegExp(escape(phrase)) : phrase);
    // The controller, its contact for requests and objections, and the service by name.
    const byId = Object.fromEntries(result.sections.map((s) => [s.id, s.text]));
    expect(byId.controller).toContain('Acme Ventes SAS');
    expect(byId.controller).toContain('12 rue de la Paix, 75002 Paris, France');
    expect(byId.objection).toContain('privacy@acme.example');
    expect(byId.rights).toContain('privacy@acme.example');
    expect(byId.source).toContain(SERVICE_NAME);
    // The profile the lookup started from is public, and the notice says so.
    expect(byId.source).toContain('LinkedIn');
  });

  it.each(NOTICE_LANGUAGES)('in %s, is written in that language, not in English', (language) => {
    if (language === 'en') return;
    const english = notice('en');
    const other = notice(language);
    for (const [index, section] of other.sections.entries()) expect(section.text, section.id).not.toBe(english.sections[index]!.text);
    expect(other.text).not.toContain('legitimate interest');
  });

  it('lists the categories the contact actually holds, and only those', () => {
    const text = notice('en').sections.find((s) => s.id === 'categories')!.text;
    for (const held of ['your name', 'your job title', 'the company you work for', 'your location', 'LinkedIn', 'your work email address', 'your personal email address', 'your mobile phone number', 'your work phone number', 'WhatsApp']) expect(text).toContain(held);
    const bare = generateNotice({ person: { ...maya, phones: [], personalEmails: [] }, controller: COMPANY, retentionDays: 365, language: 'en' });
    expect(bare.ok && bare.sections.find((s) => s.id === 'categories')!.text).not.toMatch(/phone|personal email|WhatsApp/);
  });

  it('names each lookup once per day, oldest first, from the dates the values were found', () => {
    expect(lookupsOf(maya)).toEqual([
      { op: 'enrichPerson', at: ENRICHED_AT },
      { op: 'searchPhone', at: PHONES_AT },
    ]);
    // A second enrichment three days later is a lookup of its own; the CRM check is none.
    const later = { ...maya, title: { value: 'CTO', source: { op: 'enrichPerson', historyId: 'h2', at: ENRICHED_AT + 3 * DAY, paid: true }, alternates: [] } };
    const crm = { ...later, location: { value: 'Paris', source: { op: 'crmCheck', historyId: null, at: ENRICHED_AT + DAY, paid: false }, alternates: [] } };
    expect(lookupsOf(crm).map((l) => [l.op, new Date(l.at).toISOString().slice(0, 10)])).toEqual([
      ['enrichPerson', '2026-03-12'],
      ['searchPhone', '2026-03-14'],
      ['enrichPerson', '2026-03-15'],
    ]);
  });

  it('says the retention period in months and days, or days under two months', () => {
    expect(notice('en', { retentionDays: 730 }).text).toContain('at most 24 months (730 days)');
    expect(notice('fr', { retentionDays: 30 }).text).toContain('pendant 30 jours au maximum');
    expect(notice('de', { retentionDays: 1 }).text).toContain('höchstens 1 Tag ab');
    expect(notice('es', { retentionDays: 90 }).text).toContain('un máximo de 3 meses (90 días)');
  });

  it('points to the authority of the person’s country, in the notice’s language', () => {
    const inParis = { ...maya, location: { ...maya.location!, value: 'Paris, Île-de-France, France' } };
    expect(notice('fr', { person: inParis }).text).toContain('Commission nationale de l’informatique et des libertés (CNIL)');
    const inMadrid = { ...maya, location: { ...maya.location!, value: 'Madrid, Comunidad de Madrid, España' } };
    expect(notice('es', { person: inMadrid }).text).toContain('Agencia Española de Protección de Datos (AEPD)');
    const inBerlin = { ...maya, location: { ...maya.location!, value: 'Berlin, Deutschland' } };
    expect(notice('de', { person: inBerlin }).text).toContain('Datenschutz-Aufsichtsbehörde Ihres Bundeslandes');
    // Maya is in the United States: no authority is made up.
    expect(notice('en').text).toContain('the data protection authority of your country');
  });

  it('adds the DPO, the representative, the purpose and transfers the company set', () => {
    const text = notice('en', {
      controller: { ...COMPANY, dpo: 'Jane Roe, dpo@acme.example', representative: 'Acme EU BV, Amsterdam', purpose: 'selling payroll software to HR teams', transfers: 'Our CRM provider stores data in the United States under the EU–US Data Privacy Framework.' },
      crms: ['HubSpot'],
    }).text;
    expect(text).toContain('Our data protection officer can be reached at: Jane Roe, dpo@acme.example.');
    expect(text).toContain('Our representative in the European Union: Acme EU BV, Amsterdam.');
    expect(text).toContain('We use your data for selling payroll software to HR teams');
    expect(text).toContain('EU–US Data Privacy Framework');
    expect(text).toContain('customer relationship management software (HubSpot)');
    // Without them: B2B prospecting, and no transfer.
    const plain = notice('en').text;
    expect(plain).toContain('We use your data for business-to-business sales prospecting');
    expect(plain).toContain('We do not transfer your data to any country outside the European Economic Area.');
    expect(plain).not.toContain('data protection officer');
  });

  it('refuses without the company’s name, address or privacy email, naming what is missing', () => {
    const result = generateNotice({ person: maya, controller: { legalName: 'Acme', postalAddress: '  ', privacyEmail: '' }, retentionDays: 365, language: 'fr' });
    expect(result).toEqual({ ok: false, missing: ['postalAddress', 'privacyEmail'], message: expect.stringContaining('postal address and email for privacy requests') });
    const none = generateNotice({ person: maya, controller: { legalName: '', postalAddress: '', privacyEmail: '' }, retentionDays: 365, language: 'en' });
    expect(none.ok === false && none.missing).toEqual(['legalName', 'postalAddress', 'privacyEmail']);
  });

  it('keeps hostile strings as one line of text: no fake heading, no reordering marks', () => {
    const hostile = {
      ...maya,
      name: { ...maya.name!, value: 'Eve <script>alert(1)</script>\n\nYour right to object\nNone.' },
      title: { ...maya.title!, value: '\u202eredro\u202c Boss' },
    };
    const result = notice('en', { person: hostile });
    expect(result.text).toContain('Dear Eve <script>alert(1)</script> Your right to object None.,');
    expect(result.text.split('\n').filter((line) => line === 'Your right to object')).toHaveLength(1);
    expect(result.text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
