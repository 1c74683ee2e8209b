import type { CrmCheckItem } from '@/lib/crm/contract';
import type { HistoryEntry } from '@/lib/history/entry';
import type { ContactAnswer } from '@/lib/book/answer';
import { answerOfEntry, answersOfCrmCheck } from '@/lib/book/from-history';

export interface ContactBookDeps {
  record(answers: readonly ContactAnswer[]): Promise<unknown>;
  now(): number;
}

/**
 * Keeps the contact book up to date from the worker: after every recorded lookup and every CRM
 * check. The book is derived data (the history holds every answer), so a failed write is
 * reported and never fails the lookup the user is waiting for.
 */
export function createContactBook(deps: ContactBookDeps) {
  async function record(answers: readonly ContactAnswer[]): Promise<void> {
    if (!answers.length) return;
    try {
      await deps.record(answers);
    } catch (err) {
      console.error('contact book: could not record an answer', err);
    }
  }
  return {
    afterLookupRecorded: (entry: HistoryEntry) => record([answerOfEntry(entry)].filter((a): a is ContactAnswer => a !== null)),
    afterCrmCheck: (query: { profileUrl?: string; fullName?: string; company?: string }, results: readonly CrmCheckItem[]) =>
      record(answersOfCrmCheck(query, results, deps.now())),
  };
}
