import type { LookupResponse } from '../lookup/service';

const OP_TITLES: Record<string, string> = {
  enrichPerson: 'Enrichment',
  enrichCompany: 'Company enrichment',
  findWorkEmail: 'Work email',
  searchPhone: 'Phone search',
  searchPersonalEmail: 'Personal email',
  reversePhone: 'Reverse phone lookup',
  microblogProfile: 'Microblog profile',
  microblogByEmail: 'Microblog profile',
};

export function titleOf(op: string): string {
  return OP_TITLES[op] ?? 'Lookup';
}

function pick(value: unknown, ...path: string[]): string | undefined {
  let current: unknown = value;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' && current.trim() ? current.trim() : undefined;
}

/** One line for a notification: who was found and what it cost. */
export function summarise(response: LookupResponse): string {
  const cost =
    response.fromLedger && response.paidAt !== null
      ? `already looked up on ${new Date(response.paidAt).toLocaleDateString()}: free`
      : response.cost > 0
        ? `${response.cost} credit${response.cost === 1 ? '' : 's'}`
        : 'no charge';
  switch (response.status) {
    case 'paid':
    case 'free':
    case 'cached': {
      const v = response.value;
      const who =
        pick(v, 'person', 'fullName') ?? pick(v, 'fullName') ?? pick(v, 'displayName') ?? pick(v, 'username') ?? pick(v, 'name') ?? pick(v, 'email', 'address') ?? 'Found';
      return `${who} (${cost})`;
    }
    case 'miss':
      return 'No match found. Nothing was charged.';
    default:
      return response.error?.message ?? 'The lookup did not run.';
  }
}
