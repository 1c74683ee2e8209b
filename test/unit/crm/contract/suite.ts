import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contact, instantRetry, mayaEnrichment } from '@/test/unit/crm/fixtures';
import { pushLikeTheOutbox, pushUntilSettled, type CrmHarness } from '@/test/unit/crm/contract/harness';

const MAYA_EMAIL = 'maya.chen@northwind-analytics.example';

/** Maya, promoted since the first push: an update must write the new title. */
function promoted() {
  const enrichment = mayaEnrichment();
  enrichment.person!.jobTitle = 'CTO';
  return contact(enrichment);
}

/**
 * The behaviour every CRM adapter owes Dossier, whatever its vendor: run against each adapter's
 * emulator by `<crm>.contract.test.ts`. A push is made as the outbox makes it (match, plan, apply,
 * progress saved), and a failed one is retried as the outbox retries it.
 */
export function crmContractSuite(harness: CrmHarness): void {
  describe(`${harness.name}: the shared CRM contract`, () => {
    beforeAll(() => harness.start());
    afterAll(() => harness.stop());
    beforeEach(() => harness.reset());

    it('create: a first push makes one person record, with the verified email', async () => {
      const { result } = await pushLikeTheOutbox(await harness.adapter(), contact());
      expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
      expect(await harness.people()).toBe(1);
      expect((await harness.personValues())?.email?.toLowerCase()).toBe(MAYA_EMAIL);
    });

    it('match and update: the same person pushed again, with a new title, updates that record', async () => {
      const crm = await harness.adapter();
      const first = await pushLikeTheOutbox(crm, contact());
      expect(first.result.ok).toBe(true);
      const remembered = first.result.ok ? first.result.value.recordId : null;
      const { result } = await pushLikeTheOutbox(crm, promoted(), { remembered, overwrite: ['jobTitle'] });
      expect(result).toMatchObject({ ok: true, value: { action: 'updated' } });
      expect(await harness.people()).toBe(1);
      expect((await harness.personValues())?.jobTitle).toBe('CTO');
    });

    it.runIf(harness.searches)('match by email: a new push finds the record without remembering it', async () => {
      const crm = await harness.adapter();
      await pushLikeTheOutbox(crm, contact());
      const found = await crm.find(contact(), null);
      expect(found).toMatchObject({ ok: true, value: { by: 'email' } });
      const check = await crm.check({ emails: [MAYA_EMAIL] }, null);
      expect(check).toMatchObject({ ok: true, value: { state: 'in_crm' } });
      expect(await crm.check({ emails: ['nobody@nowhere.example'] }, null)).toMatchObject({ ok: true, value: { state: 'not_in_crm' } });
    });

    it.runIf(harness.searches)('the free check from what a profile page shows, before any credit is spent: by profile URL, and by name at the company', async () => {
      const crm = await harness.adapter();
      const pushed = contact();
      await pushLikeTheOutbox(crm, pushed);
      const byUrl = await crm.check({ emails: [], profileUrl: pushed.profileUrl }, null);
      expect(byUrl).toMatchObject({ ok: true, value: { state: 'in_crm' } });
      const byName = await crm.check({ emails: [], fullName: 'Maya Chen', companyName: 'Northwind Analytics' }, null);
      expect(byName).toMatchObject({ ok: true, value: { state: 'in_crm' } });
      expect(await crm.check({ emails: [], profileUrl: 'https://www.linkedin.com/in/someone-else/', fullName: 'Someone Else', companyName: 'Northwind Analytics' }, null)).toMatchObject({ ok: true, value: { state: 'not_in_crm' } });
    });

    it.runIf(Boolean(harness.seedUnsearchableDuplicate))('a duplicate answer from the CRM lands the push on the existing record', async () => {
      await harness.seedUnsearchableDuplicate!(contact());
      const { result } = await pushLikeTheOutbox(await harness.adapter(), contact());
      expect(result.ok).toBe(true);
      expect(await harness.people()).toBe(1);
    });

    it('a refused key or token: an auth error, not retried, with no record made', async () => {
      const { result } = await pushLikeTheOutbox(await harness.adapter({ token: 'wrong' }), contact());
      expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false } });
      expect(await harness.people()).toBe(0);
    });

    it.runIf(Boolean(harness.expireToken))(harness.refreshesTokens ? 'an expired access token is refreshed and the push goes on' : 'an expired token is an auth error the user must fix', async () => {
      const crm = await harness.adapter();
      harness.expireToken!();
      const { result } = await pushLikeTheOutbox(crm, contact());
      if (harness.refreshesTokens) {
        expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
        expect(await harness.people()).toBe(1);
      } else {
        expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false } });
      }
    });

    it('429 with Retry-After: the wait is honoured (quick retry) or handed to the outbox; one record', async () => {
      const waits: number[] = [];
      harness.fault({ kind: '429', retryAfter: 2, ...harness.createRequest });
      const { result, errors } = await pushUntilSettled(await harness.adapter({ retry: instantRetry(waits) }), contact());
      expect(result.ok).toBe(true);
      // Either waited on the spot (an idempotent create) or told the outbox how long to wait.
      expect([...waits, ...errors.map((e) => e.retryAfterMs)]).toContain(2_000);
      expect(errors.every((e) => e.kind === 'rate_limited' && e.retryable)).toBe(true);
      expect(await harness.people()).toBe(1);
    });

    it('a 429 without Retry-After backs off by the vendor’s window; one record', async () => {
      const waits: number[] = [];
      harness.fault({ kind: '429', retryAfter: null, ...harness.createRequest });
      const { result, errors } = await pushUntilSettled(await harness.adapter({ retry: instantRetry(waits) }), contact());
      expect(result.ok).toBe(true);
      // Not the quick retry's few hundred milliseconds, which would be refused again inside the same window.
      expect([...waits, ...errors.map((e) => e.retryAfterMs)]).toContain(harness.rateLimitWaitMs);
      expect(errors.every((e) => e.kind === 'rate_limited' && e.retryable)).toBe(true);
      expect(await harness.people()).toBe(1);
    });

    it.runIf(Boolean(harness.dailyAllowance))('the daily API allowance spent: a rate limit waiting for its renewal, not a refusal nor a failed attempt; then one record', async () => {
      const allowance = harness.dailyAllowance!;
      harness.fault({ kind: '429', retryAfter: null, daily: true, ...harness.createRequest });
      const crm = await harness.adapter({ retry: instantRetry() });
      const first = await pushLikeTheOutbox(crm, contact());
      expect(first.result).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryable: true, dailyBudget: true, status: allowance.status, retryAfterMs: allowance.waitMs } });
      expect(await harness.people()).toBe(0);
      const again = await pushLikeTheOutbox(crm, contact(), { progress: first.progress });
      expect(again.result).toMatchObject({ ok: true, value: { action: 'created' } });
      expect(await harness.people()).toBe(1);
    });

    it('5xx: retryable, and the retries make one record', async () => {
      for (let i = 0; i < 3; i += 1) harness.fault({ kind: '503', ...harness.createRequest });
      const { result, errors } = await pushUntilSettled(await harness.adapter({ retry: instantRetry() }), contact());
      expect(result.ok).toBe(true);
      expect(errors.every((e) => e.kind === 'unavailable' && e.retryable)).toBe(true);
      expect(await harness.people()).toBe(1);
    });

    it('a create whose answer is lost, then retried as the outbox retries it: still one record', async () => {
      harness.fault({ kind: 'lost', ...harness.createRequest });
      const { result, errors } = await pushUntilSettled(await harness.adapter({ retry: instantRetry() }), contact());
      expect(result.ok).toBe(true);
      expect(errors.every((e) => e.retryable)).toBe(true);
      expect(await harness.people()).toBe(1);
    });

    it.runIf(Boolean(harness.notes))('a note whose answer is lost, then retried as the outbox retries it: one note', async () => {
      harness.fault({ kind: 'lost', ...harness.notes!.createRequest });
      const { result, errors } = await pushUntilSettled(await harness.adapter({ retry: instantRetry() }), contact());
      expect(result.ok).toBe(true);
      expect(errors.length).toBeGreaterThan(0);
      expect(await harness.people()).toBe(1);
      expect(await harness.notes!.count()).toBe(1);
    });
  });
}
