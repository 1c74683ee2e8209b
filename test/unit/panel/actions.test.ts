import { describe, expect, it } from 'vitest';
import type { Detection } from '@/lib/detect/detection';
import { actionsFor } from '@/lib/panel/page/actions';

const profile: Detection = {
  kind: 'person',
  url: 'https://www.linkedin.com/in/maya-chen/',
  person: { fullName: 'Maya Chen', company: 'Northwind Analytics', profileUrl: 'https://www.linkedin.com/in/maya-chen/' },
  confidence: 0.9,
  sources: ['url', 'title', 'h1'],
};

describe('panel actions', () => {
  it('offers the four person actions, keyed on the profile URL', () => {
    expect(actionsFor(profile).map((a) => [a.id, a.request.op, a.request.input])).toEqual([
      ['enrich', 'enrichPerson', { profileUrl: profile.person!.profileUrl }],
      ['email', 'findWorkEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics', profileUrl: profile.person!.profileUrl }],
      ['mobile', 'searchPhone', { profileUrl: profile.person!.profileUrl }],
      ['microblog', 'microblogProfile', { profileUrl: profile.person!.profileUrl }],
    ]);
  });

  it('uses what the user corrected over what the page said', () => {
    const email = actionsFor({ ...profile, confidence: 0.3 }, { fullName: '  Maya   Chen-Li ', company: 'Northwind' }).find((a) => a.id === 'email');
    expect(email?.request.input).toMatchObject({ fullName: 'Maya Chen-Li', company: 'Northwind' });
  });

  it('enriches a sales lead by name and company, since its URL has no public slug', () => {
    const lead: Detection = { kind: 'salesLead', url: 'https://www.linkedin.com/sales/lead/ACw,NAME,x', person: { fullName: 'Maya Chen', company: 'Northwind Analytics' }, confidence: 0.7, sources: ['h1'] };
    expect(actionsFor(lead).map((a) => [a.id, a.request.input])).toEqual([
      ['enrich', { fullName: 'Maya Chen', company: 'Northwind Analytics' }],
      ['email', { fullName: 'Maya Chen', company: 'Northwind Analytics' }],
    ]);
  });

  it('offers company enrichment on a company page and the microblog lookup on a microblog profile', () => {
    expect(actionsFor({ kind: 'company', url: '', company: { name: 'Acme', url: 'https://www.linkedin.com/company/acme/' }, confidence: 1, sources: [] })[0]?.request).toEqual({
      op: 'enrichCompany',
      input: { company: 'https://www.linkedin.com/company/acme/' },
    });
    expect(actionsFor({ kind: 'microblogProfile', url: '', person: { microblogUsername: 'mayabuilds' }, confidence: 1, sources: [] })[0]?.request).toEqual({
      op: 'microblogProfile',
      input: { username: 'mayabuilds' },
    });
  });

  it('offers nothing for other pages or nothing detected', () => {
    expect(actionsFor(null)).toEqual([]);
    expect(actionsFor({ kind: 'other', url: '', confidence: 0, sources: [] })).toEqual([]);
  });
});
