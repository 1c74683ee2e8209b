import type { EmailResult, EmailStatus, EmailType } from '@/lib/enrichment/model';
import { flag, text, type Block } from '@/lib/api/responses/fields';

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

const TYPE_WORDS: Readonly<Partial<Record<string, EmailType>>> = {
  work: 'work',
  professional: 'work',
  business: 'work',
  corporate: 'work',
  personal: 'personal',
  private: 'personal',
  home: 'personal',
};

/** The gateway's word for whose address it is; an unknown word says nothing. */
export function emailTypeOf(value: unknown): EmailType | undefined {
  const word = text.parse(value)?.toLowerCase();
  return word ? TYPE_WORDS[word] : undefined;
}

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads `"a@b.c"` or an object such as `{email|address|value, status|verified, type}`. The
 * entry's own `type` wins over `fallbackType`, which the caller knows from where it was found.
 */
export function emailFrom(value: unknown, fallbackStatus: EmailStatus = 'unknown', fallbackType?: EmailType): EmailResult | undefined {
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Block) : undefined;
  const address = text.parse(object ? (object.email ?? object.address ?? object.value ?? object.emailAddress) : value);
  if (!address || !ADDRESS.test(address)) return undefined;
  let status = object?.status !== undefined ? emailStatusOf(object.status) : fallbackStatus;
  if (object && flag.parse(object.verified) === true) status = 'verified';
  const email: EmailResult = { address, status, verified: status === 'verified' };
  const type = emailTypeOf(object?.type) ?? fallbackType;
  if (type) email.type = type;
  return email;
}

const STRENGTH: Record<EmailStatus, number> = { verified: 3, most_probable: 2, unknown: 1, not_found: 0 };

/**
 * One entry per address (case-insensitive), keeping the strongest verdict any source gave it,
 * and the address's type from whichever source stated one.
 */
export function mergeEmails(...lists: EmailResult[][]): EmailResult[] {
  const byAddress = new Map<string, EmailResult>();
  for (const email of lists.flat()) {
    const key = email.address.toLowerCase();
    const known = byAddress.get(key);
    const stronger = !known || STRENGTH[email.status] > STRENGTH[known.status] ? email : known;
    const type = known?.type ?? email.type;
    byAddress.set(key, type && !stronger.type ? { ...stronger, type } : stronger);
  }
  return [...byAddress.values()];
}

export function emailsFrom(values: unknown, fallbackStatus: EmailStatus = 'unknown', fallbackType?: EmailType): EmailResult[] {
  const list = Array.isArray(values) ? values : values === undefined || values === null ? [] : [values];
  return mergeEmails(list.flatMap((value) => emailFrom(value, fallbackStatus, fallbackType) ?? []));
}
