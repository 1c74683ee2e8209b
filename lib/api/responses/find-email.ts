import type { EmailResult, WorkEmailResult } from '@/lib/enrichment/model';
import { emailFrom, emailStatusOf, mergeEmails } from '@/lib/api/responses/emails';
import { extraOf, flag, read, text, texts } from '@/lib/api/responses/fields';
import { parsed, recognise, unexpected, unwrapData, type Parsed } from '@/lib/api/responses/parsed';

const KEYS = ['email', 'status', 'mostProbableEmail', 'emailDomain'];
const KNOWN = [...KEYS, 'patterns', 'mxfound', 'mxFound', 'smtpCheck', 'cachAll', 'catchAll', 'creditBurn'];

/**
 * findEmail states a verdict even when it finds nothing ("NotFound", free), so a miss is a
 * result with status not_found rather than an error. Only "Valid" is verified; a catch-all
 * domain yields 'Most Probable' guesses, never a verified address.
 */
export function parseFindEmail(body: unknown): Parsed<WorkEmailResult> {
  const top = recognise(unwrapData(body, KEYS), KEYS);
  if (!top) return unexpected('The body has none of the fields of an email search.');
  const stated = top.status === undefined ? undefined : emailStatusOf(top.status);

  const candidates = mergeEmails(
    (Array.isArray(top.mostProbableEmail) ? top.mostProbableEmail : [top.mostProbableEmail]).flatMap(
      (value) => emailFrom(value, 'most_probable', 'work') ?? [],
    ),
  ).map((email) => ({ ...email, status: 'most_probable' as const, verified: false }));
  // A work email search: what it finds is a work address.
  const found = emailFrom(top.email, 'unknown', 'work');
  const status = stated ?? found?.status ?? (candidates.length ? 'most_probable' : 'unknown');
  let email: EmailResult | undefined;
  // The search's verdict governs the address it returned; a guess never becomes verified.
  if (status !== 'not_found') email = found ? withStatus(found, stated ?? found.status) : candidates[0];

  const result: WorkEmailResult = {
    status,
    candidates,
    patterns: texts.parse(top.patterns),
    extra: extraOf(top, KNOWN),
  };
  if (email) result.email = email;
  const domain = read(text, top, 'emailDomain');
  if (domain) result.domain = domain;
  const catchAll = flag.parse(top.cachAll ?? top.catchAll);
  if (catchAll !== undefined) result.catchAll = catchAll;
  const mxFound = flag.parse(top.mxfound ?? top.mxFound);
  if (mxFound !== undefined) result.mxFound = mxFound;
  const smtpCheck = flag.parse(top.smtpCheck);
  if (smtpCheck !== undefined) result.smtpCheck = smtpCheck;
  return parsed(result);
}

function withStatus(email: EmailResult, status: EmailResult['status']): EmailResult {
  return { address: email.address, status, verified: status === 'verified' };
}
