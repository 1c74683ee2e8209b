import type { CountryCode } from 'libphonenumber-js';
import { parseTypedPhone } from '@/lib/enrichment/phone';
import { normaliseEmail } from '@/lib/identity/keys';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import type { OperationName } from '@/lib/lookup/operation-names';

export type QuickKind = 'profile' | 'company' | 'email' | 'phone' | 'nameAtCompany';

export interface QuickRequest {
  op: OperationName;
  input: Record<string, string>;
}

/**
 * What one line typed in the popup's lookup box means. `requests[0]` is the lookup the box
 * runs by default; the others are what else can be asked about the same input.
 */
export type QuickInput =
  | { ok: true; kind: QuickKind; requests: [QuickRequest, ...QuickRequest[]] }
  | { ok: false; reason: 'empty' | 'phone_unreadable' | 'unrecognised' }
  /** A bare name: the box asks for the company (or the profile URL) rather than refusing. */
  | { ok: false; reason: 'needs_company'; fullName: string };

const PHONE_LIKE = /^(tel:)?\s*[+\d][\d\s().\-/]*$/i;
const NAME_LIKE = /^[\p{L}\p{M}'’ .-]+$/u;

function nameAtCompany(text: string): { fullName: string; company: string } | null {
  const comma = text.indexOf(',');
  if (comma < 0) return null;
  // A company may itself hold a comma ("Acme, Inc."); a person's name does not.
  const fullName = text.slice(0, comma).replace(/\s+/g, ' ').trim();
  const company = text.slice(comma + 1).replace(/\s+/g, ' ').trim();
  if (!fullName || !company || fullName.length > 200 || company.length > 200) return null;
  if (!NAME_LIKE.test(fullName) || !/\p{L}/u.test(fullName)) return null;
  return { fullName, company };
}

export function classifyQuickInput(raw: string, defaultRegion?: string | null): QuickInput {
  const text = raw.trim();
  if (!text) return { ok: false, reason: 'empty' };

  const profile = parseNetworkProfileUrl(text);
  if (profile?.kind === 'person') {
    const input = { profileUrl: profile.canonicalUrl };
    return {
      ok: true,
      kind: 'profile',
      requests: [
        { op: 'enrichPerson', input },
        { op: 'searchPhone', input },
        { op: 'microblogProfile', input },
      ],
    };
  }
  if (profile?.kind === 'company') {
    return { ok: true, kind: 'company', requests: [{ op: 'enrichCompany', input: { company: profile.canonicalUrl } }] };
  }

  const email = normaliseEmail(text);
  if (email && !text.includes(',')) {
    const input = { email };
    return {
      ok: true,
      kind: 'email',
      requests: [
        { op: 'enrichPerson', input },
        { op: 'searchPersonalEmail', input },
        { op: 'searchPhone', input },
        { op: 'microblogByEmail', input },
      ],
    };
  }

  if (PHONE_LIKE.test(text)) {
    const phone = parseTypedPhone(text.replace(/^tel:/i, ''), (defaultRegion ?? undefined) as CountryCode | undefined);
    if (!phone) return { ok: false, reason: 'phone_unreadable' };
    return { ok: true, kind: 'phone', requests: [{ op: 'reversePhone', input: { phone: phone.e164 } }] };
  }

  const person = nameAtCompany(text);
  if (person) {
    return {
      ok: true,
      kind: 'nameAtCompany',
      requests: [
        { op: 'enrichPerson', input: person },
        { op: 'findWorkEmail', input: person },
      ],
    };
  }
  // Two to five words of letters and no comma: a person's name without their company.
  const words = text.replace(/\s+/g, ' ').split(' ');
  if (!text.includes(',') && words.length >= 2 && words.length <= 5 && text.length <= 200 && NAME_LIKE.test(text) && /\p{L}/u.test(text)) {
    return { ok: false, reason: 'needs_company', fullName: words.join(' ') };
  }
  return { ok: false, reason: 'unrecognised' };
}
