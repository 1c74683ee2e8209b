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

/** The gateway's word for the kind of address (`type: "personal"`), when it gives one. */
function kindOf(value: unknown): EmailResult['kind'] {
  const word = text.parse(value)?.toLowerCase();
  return word === 'personal' || word === 'private' ? 'personal' : word === 'work' || word === 'professional' || word === 'business' ? 'work' : undefined;
}

/** Reads `"a@b.c"` or an object such as `{email|address|value, status|verified, type}`. */
export function emailFrom(value: unknown, fallbackStatus: EmailStatus = 'unknown', fallbackKind?: EmailResult['kind']): EmailResult | undefined {
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Block) : undefined;
  const address = text.parse(object ? (object.email ?? object.address ?? object.value ?? object.emailAddress) : value);
  if (!address || !ADDRESS.test(address)) return undefined;
  let status = object?.status !== undefined ? emailStatusOf(object.status) : fallbackStatus;
  if (object && flag.parse(object.verified) === true) status = 'verified';
  const kind = kindOf(object?.type) ?? fallbackKind;
  return { address, status, verified: status === 'verified', ...(kind ? { kind } : {}) };
}

const STRENGTH: Record<EmailStatus, number> = { verified: 3, most_probable: 2, unknown: 1, not_found: 0 };

/** One entry per address (case-insensitive), keeping the strongest verdict any source gave it. */
export function mergeEmails(...lists: EmailResult[][]): EmailResult[] {
  const byAddress = new Map<string, EmailResult>();
  for (const email of lists.flat()) {
    const key = email.address.toLowerCase();
    const known = byAddress.get(key);
    // The stronger verdict wins; what the gateway said the address is survives either way.
    if (!known || STRENGTH[email.status] > STRENGTH[known.status]) byAddress.set(key, known?.kind && !email.kind ? { ...email, kind: known.kind } : email);
    else if (email.kind && !known.kind) byAddress.set(key, { ...known, kind: email.kind });
  }
  return [...byAddress.values()];
}

export function emailsFrom(values: unknown, fallbackStatus: EmailStatus = 'unknown', fallbackKind?: EmailResult['kind']): EmailResult[] {
  const list = Array.isArray(values) ? values : values === undefined || values === null ? [] : [values];
  return mergeEmails(list.flatMap((value) => emailFrom(value, fallbackStatus, fallbackKind) ?? []));
}
