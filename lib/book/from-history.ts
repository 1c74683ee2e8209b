import { type HistoryEntry } from '@/lib/history/entry';
import { isLookupEntry } from '@/lib/history/entry-kind';
import { answer } from '@/lib/lookup/results';
import { identity } from '@/lib/identity/keys';
import type { CrmCheckItem } from '@/lib/crm/contract';
import type { ContactAnswer } from '@/lib/book/answer';

/** Outcomes whose entry holds an answer about someone. */
const ANSWERED = new Set<HistoryEntry['outcome']>(['paid', 'free', 'cached']);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * The identity keys of what was asked, from the entry's own record of it: the key it was filed
 * under and what its input names (profile, email, phone, name at company).
 */
export function requestKeysOf(entry: Pick<HistoryEntry, 'identity' | 'input'>): string[] {
  const input = entry.input;
  const profile = text(input.profileUrl);
  const email = text(input.email);
  const phone = text(input.phone);
  const fullName = text(input.fullName) ?? [text(input.firstName), text(input.lastName)].filter(Boolean).join(' ');
  const company = text(input.company);
  const keys = [
    entry.identity,
    profile ? identity.networkProfile(profile) : null,
    email ? identity.email(email) : null,
    phone && phone.startsWith('+') ? identity.phone(phone) : null,
    fullName && company ? identity.nameAtCompany(fullName, company) : null,
  ];
  return [...new Set(keys.filter((k): k is string => Boolean(k)))];
}

/**
 * The contact book's answer for a recorded lookup, or null when it answered nothing about anyone
 * (a miss, a failure, a refusal, an unreadable result). The worker calls it after every lookup
 * is recorded; the history migration calls it on every old entry, so the book starts complete.
 */
export function answerOfEntry(entry: HistoryEntry): ContactAnswer | null {
  if (!isLookupEntry(entry) || !ANSWERED.has(entry.outcome) || entry.result === undefined) return null;
  return {
    ...answer(entry.op, entry.result),
    historyId: entry.id,
    at: entry.paidAt ?? entry.at,
    paid: entry.outcome === 'paid',
    requestKeys: requestKeysOf(entry),
    input: entry.input,
  };
}

/** The CRM check's answers, one per connected CRM that could say found or not. */
export function answersOfCrmCheck(
  query: { profileUrl?: string; fullName?: string; company?: string },
  results: readonly CrmCheckItem[],
  at: number,
): ContactAnswer[] {
  const keys = requestKeysOf({ identity: null, input: query });
  if (!keys.length) return [];
  return results
    .filter((r) => r.state !== 'unknown')
    .map((r) => ({
      op: 'crmCheck' as const,
      result: { crm: r.target, found: r.state === 'in_crm', ...(r.recordUrl ? { url: r.recordUrl } : {}) },
      historyId: null,
      at,
      paid: false,
      requestKeys: keys,
      input: query,
    }));
}

/** The answers of many entries (the history migration's batches), oldest first so newer ones win ties. */
export function answersFromHistory(entries: readonly HistoryEntry[]): ContactAnswer[] {
  return [...entries]
    .sort((a, b) => a.at - b.at)
    .map(answerOfEntry)
    .filter((a): a is ContactAnswer => a !== null);
}
