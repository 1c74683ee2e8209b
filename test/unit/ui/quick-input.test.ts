import { describe, expect, it } from 'vitest';
import { classifyQuickInput } from '@/lib/lookup/page/quick-input';

const defaultOp = (text: string, region?: string) => {
  const result = classifyQuickInput(text, region);
  return result.ok ? [result.kind, result.requests[0]] : [result.reason];
};

describe('quick lookup input', () => {
  it.each([
    ['https://www.linkedin.com/in/maya-chen', 'profile', { op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } }],
    ['  fr.linkedin.com/in/Maya-Chen/details/experience/?trk=x ', 'profile', { op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } }],
    ['Alex.Morgan@Northwind-Analytics.example', 'email', { op: 'enrichPerson', input: { email: 'alex.morgan@northwind-analytics.example' } }],
    ['mailto:alex.morgan@northwind-analytics.example', 'email', { op: 'enrichPerson', input: { email: 'alex.morgan@northwind-analytics.example' } }],
    ['+14155550110', 'phone', { op: 'reversePhone', input: { phone: '+14155550110' } }],
    ['+1 (415) 555-0110', 'phone', { op: 'reversePhone', input: { phone: '+14155550110' } }],
    ['tel:+33639981209', 'phone', { op: 'reversePhone', input: { phone: '+33639981209' } }],
    ['0033 6 39 98 12 09', 'phone', { op: 'reversePhone', input: { phone: '+33639981209' } }],
    ['Priya Raman, Northwind Analytics', 'nameAtCompany', { op: 'enrichPerson', input: { fullName: 'Priya Raman', company: 'Northwind Analytics' } }],
    ['  Émilie   Lefèvre ,  Acme, Inc. ', 'nameAtCompany', { op: 'enrichPerson', input: { fullName: 'Émilie Lefèvre', company: 'Acme, Inc.' } }],
    ['https://www.linkedin.com/company/northwind-analytics/', 'company', { op: 'enrichCompany', input: { company: 'https://www.linkedin.com/company/northwind-analytics/' } }],
  ])('%j is a %s lookup', (text, kind, request) => {
    expect(defaultOp(text)).toEqual([kind, request]);
  });

  it('reads a national number with the default region, and only then', () => {
    expect(defaultOp('06 39 98 12 09', 'FR')).toEqual(['phone', { op: 'reversePhone', input: { phone: '+33639981209' } }]);
    expect(defaultOp('06 39 98 12 09')).toEqual(['phone_unreadable']);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['Maya', 'unrecognised'],
    ['https://example.com/about', 'unrecognised'],
    ['https://www.linkedin.com/feed/', 'unrecognised'],
    ['maya@', 'unrecognised'],
    ['12, Main Street', 'unrecognised'],
    ['Maya Chen,', 'unrecognised'],
    ['+1 2', 'phone_unreadable'],
  ])('%j is refused as %s', (text, reason) => {
    expect(defaultOp(text)).toEqual([reason]);
  });

  it('offers what else can be asked about the same input, default first', () => {
    const email = classifyQuickInput('maya.chen@mail.example');
    expect(email.ok && email.requests.map((r) => r.op)).toEqual(['enrichPerson', 'searchPersonalEmail', 'searchPhone', 'microblogByEmail']);
    const profile = classifyQuickInput('https://www.linkedin.com/in/maya-chen');
    expect(profile.ok && profile.requests.map((r) => r.op)).toEqual(['enrichPerson', 'searchPhone', 'microblogProfile']);
    const person = classifyQuickInput('Priya Raman, Northwind Analytics');
    expect(person.ok && person.requests.map((r) => r.op)).toEqual(['enrichPerson', 'findWorkEmail']);
  });

  it('a bare name asks for the company instead of refusing; with it, it is a name at a company', () => {
    expect(classifyQuickInput('  Maya   Chen ')).toEqual({ ok: false, reason: 'needs_company', fullName: 'Maya Chen' });
    expect(classifyQuickInput('Jean-Luc O’Neil de la Tour')).toMatchObject({ ok: false, reason: 'needs_company' });
    expect(classifyQuickInput('Maya Chen, Northwind Analytics')).toMatchObject({ ok: true, kind: 'nameAtCompany' });
    expect(classifyQuickInput('one two three four five six')).toMatchObject({ ok: false, reason: 'unrecognised' });
  });
});
