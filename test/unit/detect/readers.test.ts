import { describe, expect, it } from 'vitest';
import { currentCompanyFromLabel } from '@/lib/detect/content/current-company';
import { nameFromSlug, namesAgree } from '@/lib/detect/content/names';
import { isConnectionDegree, withoutConnectionDegree } from '@/lib/detect/content/badges';
import { cleanText } from '@/lib/platform/text';
import { companyFromTitle, microblogFromTitle, personFromTitle } from '@/lib/detect/content/title';
import { splitHeadline } from '@/lib/detect/content/top-card';
import { vote } from '@/lib/detect/content/vote';

describe('the current-company label, in the UI languages', () => {
  it.each([
    ['Current company: Acme. Click to skip to experience card', 'Acme'],
    ['Entreprise actuelle\u00a0: Société Générale. Cliquez pour passer à la carte Expérience', 'Société Générale'],
    ['Entreprise actuelle : Acme. Cliquez pour passer à la carte Expérience', 'Acme'],
    ['Aktuelles Unternehmen: Müller & Söhne GmbH. Klicken Sie, um zur Karte „Berufserfahrung“ zu springen', 'Müller & Söhne GmbH'],
    ['Empresa actual: Telefónica. Haz clic para ir a la tarjeta de experiencia', 'Telefónica'],
    ['Empresa atual: Banco Horizonte S.A.. Clique para pular para o cartão de experiência', 'Banco Horizonte S.A.'],
    ['Azienda attuale: Esempio SpA. Fai clic per passare alla scheda Esperienza', 'Esempio SpA'],
    ['current company: Acme Inc. Europe. Click to skip to experience card', 'Acme Inc. Europe'],
    ['Current company: Acme', 'Acme'],
    ['  Current company:   Acme   Labs . Click', 'Acme Labs'],
  ])('%s', (label, company) => {
    expect(currentCompanyFromLabel(label)).toBe(company);
  });

  it.each(['Education: Exampleton University. Click to skip to education card', 'Messaging', 'Current company:', ''])(
    'ignores %j',
    (label) => {
      expect(currentCompanyFromLabel(label)).toBeUndefined();
    },
  );
});

describe('titles', () => {
  it.each([
    ['(3) Jane Doe | LinkedIn', 'Jane Doe', undefined],
    ['(99+) Jane Doe | LinkedIn', 'Jane Doe', undefined],
    ['Jane Doe | LinkedIn', 'Jane Doe', undefined],
    ['Jane Doe - Acme | LinkedIn', 'Jane Doe', 'Acme'],
    ['Jane Doe – Staff Engineer – Acme | LinkedIn', 'Jane Doe', 'Acme'],
    ['Hannah Schmidt | Sales Navigator', 'Hannah Schmidt', undefined],
    ['(2) Élodie Durand-Leclerc | LinkedIn', 'Élodie Durand-Leclerc', undefined],
  ])('%s', (title, name, company) => {
    expect(personFromTitle(title)).toEqual(company ? { name, company } : { name });
  });

  it.each(['LinkedIn', 'Jane Doe', '| LinkedIn', ''])('%j is not a person title', (title) => {
    expect(personFromTitle(title)).toBeUndefined();
  });

  it.each([
    ['(5) Acme: Overview | LinkedIn', 'Acme'],
    ['Acme: About | LinkedIn', 'Acme'],
    ['Acme: People | LinkedIn', 'Acme'],
    ['Acme : Présentation | LinkedIn', 'Acme'],
    ['Acme | LinkedIn', 'Acme'],
  ])('company title %s', (title, name) => {
    expect(companyFromTitle(title)).toBe(name);
  });

  it('reads the microblog title', () => {
    expect(microblogFromTitle('Ada Lindqvist (@Ada_Builds) / X')).toEqual({ name: 'Ada Lindqvist', username: 'Ada_Builds' });
    expect(microblogFromTitle('(2) Ada Lindqvist (@ada) / Twitter')).toEqual({ name: 'Ada Lindqvist', username: 'ada' });
    expect(microblogFromTitle('Home / X')).toBeUndefined();
  });
});

describe('slugs and names', () => {
  it.each([
    ['jane-doe-8a1b2c', 'Jane Doe'],
    ['jane-doe-12345678', 'Jane Doe'],
    ['jane-doe-8a1b2c3d-0f', 'Jane Doe'],
    ['jane-doe', 'Jane Doe'],
    ['élodie-durand-leclerc-5f3e2a1b', 'Élodie Durand Leclerc'],
    ['janedoe', 'Janedoe'],
    ['acme-corp', 'Acme Corp'],
    ['8a1b2c3d', undefined],
    ['jane2doe-smith', undefined],
  ])('%s → %s', (slug, name) => {
    expect(nameFromSlug(slug)).toBe(name);
  });

  it.each([
    ['Jane Doe', 'jane doe', true],
    ['Dr. Jane Doe, PhD', 'Jane Doe', true],
    ['María José Núñez', 'Mariajosenunez', true],
    ['Jürgen Weiß', 'Juergen Weiss', true],
    ['Jürgen Müller', 'Jurgen Muller', true],
    ['Søren Kierkegaard', 'Soren Kierkegaard', true],
    ['Jane Doe 🚀', 'Jane Doe', true],
    ['Jane Doe', 'John Doe', false],
    ['Jane Doe', '', false],
    ['🚀', '🚀', false],
  ])('%s ~ %s: %s', (a, b, agree) => {
    expect(namesAgree(a, b)).toBe(agree);
  });
});

describe('headline split', () => {
  it.each([
    ['Staff Engineer at Acme | Speaker', undefined, { jobTitle: 'Staff Engineer', company: 'Acme' }],
    ['Directrice financière chez Société Générale', undefined, { jobTitle: 'Directrice financière', company: 'Société Générale' }],
    ['Leiter Vertrieb bei Müller GmbH', undefined, { jobTitle: 'Leiter Vertrieb', company: 'Müller GmbH' }],
    ['CTO @ Nimbus', undefined, { jobTitle: 'CTO', company: 'Nimbus' }],
    ['Logistics Director · Globex Freight', 'Globex Freight', { jobTitle: 'Logistics Director' }],
    ['Logistics Director · Globex Freight', undefined, {}],
    ['Helping teams ship', 'Acme', {}],
  ])('%s', (headline, known, expected) => {
    expect(splitHeadline(headline, known)).toEqual(expected);
  });
});

describe('untrusted text', () => {
  it('drops controls and bidi overrides, collapses whitespace, caps length', () => {
    expect(cleanText('  Jane\u202e \u0000Doe\n\t\u200b ')).toBe('Jane Doe');
    expect(cleanText('x'.repeat(5000))).toHaveLength(200);
    expect(cleanText('a'.repeat(199) + '😀')).toBe('a'.repeat(199));
    expect(cleanText('   ')).toBeUndefined();
    expect(cleanText(null)).toBeUndefined();
  });

  it('drops icon-font glyphs (the private use areas), keeping emoji and every script', () => {
    expect(cleanText('\uE0A2Northwind Analytics')).toBe('Northwind Analytics');
    expect(cleanText('Maya Okafor \uE90A')).toBe('Maya Okafor');
    expect(cleanText('\u{F0001}Globex\u{10FFFD}')).toBe('Globex');
    expect(cleanText('\uF8FF')).toBeUndefined();
    expect(cleanText('Zoë 🚀 山田 花子 Ñúñez')).toBe('Zoë 🚀 山田 花子 Ñúñez');
  });
});

describe('the connection degree beside a name', () => {
  it.each([
    '1st',
    '· 1st',
    '• 2nd',
    '3rd+',
    '1st degree connection',
    '· 1st degree connection 1st',
    '2nd degree connection • 2nd',
    'relation de 1er niveau',
    '2e',
    'Kontakt 2. Grades',
    'contacto de 3er grado',
    'conexão de 1º grau',
  ])('%j is a degree badge', (text) => {
    expect(isConnectionDegree(text)).toBe(true);
    expect(withoutConnectionDegree(text)).toBeUndefined();
  });

  it.each([
    ['Maya Okafor · 1st', 'Maya Okafor'],
    ['Maya Okafor • 2nd degree connection', 'Maya Okafor'],
    ['· 1st degree connection 1st Head of Data Platform', 'Head of Data Platform'],
    ['Head of Data Platform · 3rd+', 'Head of Data Platform'],
    // Without a separator or the hidden phrase, an ordinal is part of the text.
    ['Thurston Howell 3rd', 'Thurston Howell 3rd'],
    ['1st Source Bank', '1st Source Bank'],
    ['Logistics Director · Globex Freight', 'Logistics Director · Globex Freight'],
    ['Head of Degree Programmes', 'Head of Degree Programmes'],
    ['Out of network', 'Out of network'],
  ])('%j reads %j', (text, expected) => {
    expect(withoutConnectionDegree(text)).toBe(expected);
  });
});

describe('vote', () => {
  it('pools agreeing readings and keeps the best-written one', () => {
    const verdict = vote(
      [
        { source: 'h1', weight: 0.6, value: 'Élodie Durand' },
        { source: 'title', weight: 0.6, value: 'Élodie Durand' },
        { source: 'url', weight: 0.3, value: 'Elodie Durand' },
      ],
      namesAgree,
    );
    expect(verdict).toMatchObject({ value: 'Élodie Durand', sources: ['h1', 'title', 'url'], dissenters: [] });
    expect(verdict!.score).toBeCloseTo(1 - 0.4 * 0.4 * 0.7);
  });

  it('lets two agreeing strategies outvote a third, at a cost', () => {
    const verdict = vote(
      [
        { source: 'h1', weight: 0.6, value: 'Notifications' },
        { source: 'title', weight: 0.6, value: 'Jane Doe' },
        { source: 'url', weight: 0.3, value: 'Jane Doe' },
      ],
      namesAgree,
    );
    expect(verdict).toMatchObject({ value: 'Jane Doe', sources: ['title', 'url'], dissenters: ['h1'] });
    expect(verdict!.score).toBeLessThan(1 - 0.4 * 0.7);
  });

  it('has no verdict without readings', () => {
    expect(vote([], namesAgree)).toBeUndefined();
  });
});
