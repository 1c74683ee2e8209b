import type { EmailResult, EmailStatus } from '../model';
import { flag, text, type Block } from './fields';

const STATUS_WORDS: ReadonlyArray<[RegExp, EmailStatus]> = [
  [/^(valid|verified|deliverable|safe)$/, 'verified'],
  [/^(mostprobable|most_probable|most probable|probable|catch_?all|risky)$/, 'most_probable'],
  [/^(notfound|not_found|not found|invalid|undeliverable|none)$/, 'not_found'],
];

/** The gateway's words ("Valid", "MostProbable", "NotFound", "Unknown") mapped to ours; anything else is unknown. */
export function emailStatusOf(value: unknown): EmailStatus {
  const word = text.parse(value)?.toLowerCase();
  if (!word) return 'unknown';
  for (const [pattern, status] of STATUS_WORDS) if (pattern.test(word)) return status;
  return 'unknown';
}

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads `"a@b.c"` or an object such as `{email|address|value, status|verified}`. */
export function emailFrom(value: unknown, fallbackStatus: EmailStatus = 'unknown'): EmailResult | undefined {
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Block) : undefined;
  const address = text.parse(object ? (object.email ?? object.address ?? object.value ?? object.emailAddress) : value);
  if (!address || !ADDRESS.test(address)) return undefined;
  let status = object?.status !== undefined ? emailStatusOf(object.status) : fallbackStatus;
  if (object && flag.parse(object.verified) === true) status = 'verified';
  return { address, status, verified: status === 'verified' };
}

const STRENGTH: Record<EmailStatus, number> = { verified: 3, most_probable: 2, unknown: 1, not_found: 0 };

/** One entry per address (case-insensitive), keeping the strongest verdict any source gave it. */
export function mergeEmails(...lists: EmailResult[][]): EmailResult[] {
  const byAddress = new Map<string, EmailResult>();
  for (const email of lists.flat()) {
    const key = email.address.toLowerCase();
    const known = byAddress.get(key);
    if (!known || STRENGTH[email.status] > STRENGTH[known.status]) byAddress.set(key, email);
  }
  return [...byAddress.values()];
}

export function emailsFrom(values: unknown, fallbackStatus: EmailStatus = 'unknown'): EmailResult[] {
  const list = Array.isArray(values) ? values : values === undefined || values === null ? [] : [values];
  return mergeEmails(list.flatMap((value) => emailFrom(value, fallbackStatus) ?? []));
}
