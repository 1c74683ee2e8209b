import type { ContactAnswer } from '@/lib/book/answer';
import { requestKeysOf } from '@/lib/book/from-history';
import { mergeAnswer } from '@/lib/book/merge';
import type { CompanyContact, PersonContact } from '@/lib/book/model';
import { readCardContacts } from '@/lib/card/book';
import { answer } from '@/lib/lookup/results';
import type { AnsweredCard, LookupResponse } from '@/lib/lookup/contract';

/** What one answer says about a person and their company, merged as the book would merge it. */
export interface AnswerContacts {
  person: PersonContact | null;
  company: CompanyContact | null;
  /** Identity keys of both, strongest first: where the book files them. */
  keys: string[];
}

const ANSWERED = new Set<LookupResponse['status']>(['paid', 'free', 'cached']);

/**
 * The book's answer for a reply a screen holds (the popup's quick lookup, a notice), as the
 * worker recorded it; null when the reply answered nothing about anyone (a miss, a failure).
 */
export function answerOfResponse(response: LookupResponse, input: Record<string, unknown> = {}, now = Date.now()): ContactAnswer | null {
  if (!ANSWERED.has(response.status) || response.value === undefined) return null;
  return {
    ...answer(response.op, response.value),
    historyId: response.historyId,
    at: response.paidAt ?? now,
    paid: response.status === 'paid',
    requestKeys: requestKeysOf({ identity: null, input }),
    input,
  };
}

/**
 * The contact one answer makes on its own (merged into an empty book). Screens show it when the
 * book has nothing better: an answer recorded before the book existed, or a contact forgotten
 * since; and its keys find the merged contact when there is one.
 */
export async function contactsOfAnswer(answer: ContactAnswer): Promise<AnswerContacts> {
  const { upserts } = await mergeAnswer(answer, async () => []);
  const person = (upserts.find((c) => c.kind === 'person') as PersonContact | undefined) ?? null;
  const company = (upserts.find((c) => c.kind === 'company') as CompanyContact | undefined) ?? null;
  return { person, company, keys: [...(person?.keys ?? []), ...(company?.keys ?? [])] };
}

/**
 * The worker's side of a lookup's reply: once the answer is in the book, the card of whoever it
 * is about as the book now holds them (merged with what was known before), under the keys the
 * answer files them by; undefined when the reply answered nothing about anyone.
 */
export async function cardOfResponse(response: LookupResponse, input: Record<string, unknown>): Promise<AnsweredCard | undefined> {
  const answered = answerOfResponse(response, input);
  if (!answered) return undefined;
  const { keys } = await contactsOfAnswer(answered);
  if (!keys.length) return undefined;
  return { ...(await readCardContacts(keys)), keys };
}
