import { describe, expect, it } from 'vitest';
import { firstMatch } from '@/lib/crm/worker/adapter';
import { contactFromEnrichment, contactValues } from '@/lib/crm/contact';
import { comparable, planPush } from '@/lib/crm/worker/plan';
import type { CrmField, Match } from '@/lib/crm/types';
import { AT, contact, emilieEnrichment, mayaEnrichment } from '@/test/unit/crm/fixtures';

const FIELDS: CrmField[] = ['firstName', 'lastName', 'jobTitle', 'email', 'mobilePhone', 'profileUrl', 'companyName', 'website'];
const match = (values: Match['values'], by: Match['by'] = 'email'): Match => ({ id: '7', by, url: 'https://crm.example/7', values });

describe('contact from an enrichment', () => {
  it('normalises: lowercased email, canonical profile URL, verified first, company domain', () => {
    const maya = contact();
    expect(maya.identity).toBe('person:maya-chen');
    expect(maya.profileUrl).toBe('https://www.linkedin.com/in/maya-chen/');
    expect(maya.emails).toEqual([{ address: 'maya.chen@northwind-analytics.example', status: 'verified' }]);
    expect(contactValues(maya)).toMatchObject({ email: 'maya.chen@northwind-analytics.example', mobilePhone: '+14155550110', phone: '+14155550111' });
  });

  it('keeps a guess out of the email field', () => {
    const emilie = contact(emilieEnrichment());
    expect(contactValues(emilie).email).toBeUndefined();
    expect(emilie.emails).toEqual([{ address: 'emilie@brightwater-labs.example', status: 'most_probable' }]);
  });

  it('drops a javascript: website and a non-profile URL; no person means nothing to push', () => {
    const enrichment = mayaEnrichment();
    enrichment.company!.website = 'javascript:alert(1)';
    enrichment.person!.networkUrl = 'https://www.linkedin.com/company/northwind';
    const c = contactFromEnrichment(enrichment, { historyId: null, at: AT })!;
    expect(c.company?.website).toBeUndefined();
    expect(c.profileUrl).toBeUndefined();
    expect(c.identity).toBe('email:maya.chen@northwind-analytics.example');
    expect(contactFromEnrichment({ company: enrichment.company, extra: {} }, { historyId: null, at: AT })).toBeNull();
  });
});

describe('comparable values', () => {
  it.each([
    ['email', 'Maya.Chen@X.example ', 'maya.chen@x.example'],
    ['mobilePhone', '+1 (415) 555-0110', '+14155550110'],
    ['profileUrl', 'http://fr.linkedin.com/in/Maya-Chen?trk=x', 'https://www.linkedin.com/in/maya-chen/'],
    ['website', 'HTTPS://www.Acme.example/', 'acme.example'],
    ['jobTitle', '  VP   of Engineering', 'vp of engineering'],
  ] as [CrmField, string, string][])('%s: %s', (field, value, expected) => {
    expect(comparable(field, value)).toBe(comparable(field, expected));
  });
});

describe('push plans', () => {
  it('nothing matched: create, every field added', () => {
    const plan = planPush('hubspot', FIELDS, contact(), null, { overwrite: [] });
    expect(plan.action).toBe('create');
    expect(plan.changes.every((c) => c.status === 'add')).toBe(true);
    expect(plan.reason).toMatch(/new contact will be created/);
    expect(plan.company).toEqual({ name: 'Northwind Analytics', domain: 'northwind-analytics.example' });
  });

  it('a match with empty fields: update fills them and says which', () => {
    const plan = planPush('hubspot', FIELDS, contact(), match({ email: 'maya.chen@northwind-analytics.example', firstName: 'Maya' }), { overwrite: [] });
    expect(plan.action).toBe('update');
    expect(plan.reason).toMatch(/Found in HubSpot by email: 6 fields to write/);
    expect(plan.changes.find((c) => c.field === 'firstName')?.status).toBe('same');
  });

  it('a differing non-empty field is kept unless that field is allowed', () => {
    const values = { ...contactValues(contact()), jobTitle: 'Engineering lead' };
    const kept = planPush('pipedrive', FIELDS, contact(), match(values, 'profileUrl'), { overwrite: [] });
    expect(kept.action).toBe('skip');
    expect(kept.reason).toBe('Found in Pipedrive by profile URL: nothing new to write; 1 field differs and is left as Pipedrive has it.');
    expect(kept.changes.find((c) => c.field === 'jobTitle')).toEqual({ field: 'jobTitle', label: 'Job title', current: 'Engineering lead', proposed: 'VP of Engineering', status: 'keep' });
    const allowed = planPush('pipedrive', FIELDS, contact(), match(values), { overwrite: ['jobTitle'] });
    expect(allowed.action).toBe('update');
    expect(allowed.changes.find((c) => c.field === 'jobTitle')?.status).toBe('overwrite');
  });

  it('the same values written differently are not changes: skip', () => {
    const values = { ...contactValues(contact()), email: 'MAYA.CHEN@northwind-analytics.example', mobilePhone: '+1 415 555 0110', profileUrl: 'https://linkedin.com/in/maya-chen' };
    expect(planPush('hubspot', FIELDS, contact(), match(values), { overwrite: [] }).action).toBe('skip');
  });
});

describe('match order', () => {
  it('stops at the first finder that matches and skips absent ones', async () => {
    const calls: string[] = [];
    const finder = (name: string, found: boolean) => async () => {
      calls.push(name);
      return { ok: true as const, value: found ? match({}, name as Match['by']) : null };
    };
    const result = await firstMatch([false, finder('remembered', false), null, finder('email', true), finder('profileUrl', true)]);
    expect(result).toMatchObject({ ok: true, value: { by: 'email' } });
    expect(calls).toEqual(['remembered', 'email']);
  });

  it('a CRM error stops the search rather than creating a duplicate', async () => {
    const calls: string[] = [];
    const result = await firstMatch([
      async () => ({ ok: false as const, error: { kind: 'unavailable' as const, message: 'down', retryable: true } }),
      async () => (calls.push('next'), { ok: true as const, value: null }),
    ]);
    expect(result.ok).toBe(false);
    expect(calls).toEqual([]);
  });
});
