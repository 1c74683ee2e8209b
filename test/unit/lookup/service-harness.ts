import { vi } from 'vitest';
import { z } from 'zod';
import type { EnrichmentClient } from '@/lib/api';
import type { ApiError } from '@/lib/api/errors';
import type { Enrichment } from '@/lib/enrichment/model';
import { capCost } from '@/lib/history/entry';
import { appendHistory, readHistory } from '@/lib/history/worker/store';
import { markDone, markPending, readInterrupted } from '@/lib/lookup/worker/journal';
import { findInLedger, ledgerEntryById, recordInLedger } from '@/lib/lookup/worker/ledger';
import type { Operation, OperationResult } from '@/lib/lookup/worker/operation';
import { maxPrice } from '@/lib/lookup/prices';
import { createLookupService, type LookupDeps } from '@/lib/lookup/worker/service';
import { createSpendingCap } from '@/lib/lookup/worker/spending-cap';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/settings/preferences';
import { enrichment, person } from '@/test/setup/history-entries';

/**
 * The lookup service over the vault's real history, ledger and journal, with a fake gateway
 * answering `answers` in turn: for the service's tests, and for a bulk run worked through it.
 */
export const DAY = 86_400_000;
type Answer = OperationResult<Enrichment>;

/** An enrichment that found `fullName` (and their verified `email`, when given). */
export function found(fullName: string, email?: string): Enrichment {
  return enrichment({ fullName, emails: email ? [{ address: email, status: 'verified', verified: true }] : [] });
}

export function apiError(kind: string, retryable = false, answerLost = false): ApiError {
  return { kind: kind as ApiError['kind'], message: `${kind} happened`, retryable, answerLost };
}

export function harness(answers: Answer[] = [{ ok: true, value: found('Jane Doe', 'jane@acme.example'), creditBurn: 2 }]) {
  let clock = 10 * DAY;
  let prefs: Preferences = structuredClone(DEFAULT_PREFERENCES);
  const run = vi.fn(async (): Promise<Answer> => answers.length > 1 ? answers.shift()! : answers[0]!);
  const enrich: Operation<{ profileUrl: string }, 'enrichPerson'> = {
    name: 'enrichPerson',
    input: z.object({ profileUrl: z.string().url('Give a profile URL.') }),
    freshness: 'other',
    maxPrice: (p) => maxPrice('enrichPerson', p.lookups.fullFlags),
    subject: (i) => i.profileUrl,
    identities: (i) => [`person:${i.profileUrl.split('/in/')[1]?.replace(/\/.*/, '')}`],
    resultIdentities: (v) => (v.person?.emails ?? []).map((e) => `email:${e.address}`),
    run,
  };
  const personal: Operation<{ email: string }, 'searchPersonalEmail'> = {
    name: 'searchPersonalEmail',
    input: z.object({ email: z.string() }),
    freshness: 'other',
    subject: (i) => i.email,
    identities: (i) => [`email:${i.email}`],
    resultIdentities: () => [],
    personalData: true,
    maxPrice: () => 1,
    run: async () => {
      await run();
      return { ok: true, value: { email: 'jane@home.example', person: person({ fullName: 'Jane Doe' }), positions: [], schools: [] }, creditBurn: 1 };
    },
  };
  const afterPaidLookup = vi.fn();
  const balance = { known: vi.fn(async (): Promise<number | null> => 100), reread: vi.fn(async (): Promise<number | null> => 98) };
  const spentSince = async (since: number) => (await readHistory()).filter((e) => e.at >= since).reduce((sum, e) => sum + capCost(e), 0);
  const deps: LookupDeps = {
    operations: { enrichPerson: enrich, searchPersonalEmail: personal },
    preferences: async () => prefs,
    client: async () => ({}) as EnrichmentClient,
    ledger: {
      find: (op, keys, windowMs, now) => findInLedger(op, keys, { windowFor: () => windowMs }, now),
      record: recordInLedger,
      byHistoryId: ledgerEntryById,
    },
    history: { append: appendHistory, spentSince, byId: async (id) => (await readHistory()).find((e) => e.id === id) ?? null },
    journal: { markPending, markDone },
    cap: createSpendingCap({ spentSince }),
    balance,
    afterPaidLookup,
    retryPolicy: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 10, sleep: async () => {} },
    now: () => clock,
    newId: (() => {
      let n = 0;
      return () => `h${++n}`;
    })(),
  };
  return {
    service: createLookupService(deps),
    run,
    deps,
    afterPaidLookup,
    balance,
    advance: (ms: number) => (clock += ms),
    setPrefs: (change: (p: Preferences) => void) => {
      prefs = structuredClone(prefs);
      change(prefs);
    },
  };
}

export const jane = { op: 'enrichPerson' as const, input: { profileUrl: 'https://www.linkedin.com/in/jane-doe/' }, pageUrl: 'https://www.linkedin.com/in/jane-doe/' };

/** What a stopped worker left in the journal, as the next one reads it. */
export const journalPending = () => readInterrupted();
