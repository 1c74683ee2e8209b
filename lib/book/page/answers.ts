import type { Contact } from '@/lib/book/model';
import { searchTerms, type BookQuery } from '@/lib/book/page/search';
import { ProbeMemory } from '@/lib/book/page/word-probe';

/**
 * The first screenfuls the book has answered since its last change, kept in the page, so that a
 * query met again (a character deleted, the box emptied, a filter switched back) is answered
 * without a read, and a query that narrows one with no match at all ("zqx" after "zq" found no
 * one) is known to match no one. Both answers are exactly what the reads would give: the same
 * rows, in the same order, from the same book. Any write to the book drops everything (`clear`).
 */
export interface Answer {
  rows: readonly Contact[];
  /** Nothing more matches: `rows` is every match. */
  done: boolean;
}

/** Queries remembered at most (a screenful each): the oldest goes first. */
const KEEP = 64;

const keyOf = (query: BookQuery) => JSON.stringify([query.text, query.kind ?? null, query.filters]);
/** Everything of a query but its text: a narrower text only narrows within the same tab and filters. */
const scopeOf = (query: BookQuery) => JSON.stringify([query.kind ?? null, query.filters]);

/**
 * Whether every contact matching `narrow`'s words matches `wide`'s: each of `wide`'s words is
 * the start of one of `narrow`'s (a contact's word starting with "zqx" starts with "zq").
 */
function narrows(narrow: readonly string[], wide: readonly string[]): boolean {
  return wide.every((w) => narrow.some((n) => n.startsWith(w)));
}

export class BookAnswers {
  private readonly answers = new Map<string, Answer & { scope: string; words: string[] }>();
  /** The words' probes behind those answers, dropped with them. */
  readonly probes = new ProbeMemory();

  /** What the book answered to `query`, or, when a query it narrows matched no one, no one. */
  get(query: BookQuery): Answer | null {
    const known = this.answers.get(keyOf(query));
    if (known) return { rows: known.rows, done: known.done };
    const scope = scopeOf(query);
    const words = searchTerms(query.text);
    for (const answer of this.answers.values()) {
      if (answer.done && answer.rows.length === 0 && answer.scope === scope && narrows(words, answer.words)) return { rows: [], done: true };
    }
    return null;
  }

  /** The first screenful read for `query` (rows and whether that was all). */
  set(query: BookQuery, answer: Answer): void {
    const key = keyOf(query);
    this.answers.delete(key);
    this.answers.set(key, { rows: answer.rows, done: answer.done, scope: scopeOf(query), words: searchTerms(query.text) });
    if (this.answers.size > KEEP) this.answers.delete(this.answers.keys().next().value!);
  }

  /** The book changed: nothing answered before may still be true. */
  clear(): void {
    this.answers.clear();
    this.probes.clear();
  }
}
