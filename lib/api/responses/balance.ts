import type { CreditBalance } from '@/lib/enrichment/model';
import { count, extraOf, first } from '@/lib/api/responses/fields';
import { parsed, recognise, unexpected, unwrapData, type Parsed } from '@/lib/api/responses/parsed';

/** `currentCredit` is the live name (an integer sent as a string, "3002"); the others are hedges. */
const CREDIT_KEYS = ['currentCredit', 'credits', 'credit', 'balance', 'remainingCredits'];

export function parseBalance(body: unknown): Parsed<CreditBalance> {
  const bare = count.parse(body);
  if (bare !== undefined) return parsed({ credits: bare, extra: {} });
  const top = recognise(unwrapData(body, CREDIT_KEYS), CREDIT_KEYS);
  const credits = first(count, top, CREDIT_KEYS);
  if (!top || credits === undefined) return unexpected('The body holds no readable credit balance.');
  return parsed({ credits, extra: extraOf(top, [...CREDIT_KEYS, 'creditBurn']) });
}
