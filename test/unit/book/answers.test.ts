import { describe, expect, it } from 'vitest';
import { BookAnswers } from '@/lib/book/page/answers';
import { BOB, MAYA } from '@/test/unit/book/book-fixtures';

const q = (text: string, kind: 'person' | 'company' = 'person', filters = {}) => ({ text, kind, filters });

describe('the book’s answers kept in the page', () => {
  it('gives back the rows answered to the same query, and nothing for a query not asked', () => {
    const answers = new BookAnswers();
    answers.set(q('maya'), { rows: [MAYA], done: true });
    expect(answers.get(q('maya'))).toEqual({ rows: [MAYA], done: true });
    expect(answers.get(q('may'))).toBeNull();
    // Another tab or filter is another question.
    expect(answers.get(q('maya', 'company'))).toBeNull();
    expect(answers.get(q('maya', 'person', { mobile: true }))).toBeNull();
  });

  it('knows that a query narrowing one that matched no one matches no one, in the same tab and filters only', () => {
    const answers = new BookAnswers();
    answers.set(q('zq'), { rows: [], done: true });
    expect(answers.get(q('zqx'))).toEqual({ rows: [], done: true });
    expect(answers.get(q('maya zqxjv'))).toEqual({ rows: [], done: true });
    expect(answers.get(q('z'))).toBeNull();
    expect(answers.get(q('maya'))).toBeNull();
    expect(answers.get(q('zqx', 'company'))).toBeNull();
    // Rows not all read (a screenful of many) say nothing about a narrower query.
    answers.set(q('b'), { rows: [BOB], done: false });
    expect(answers.get(q('bo'))).toBeNull();
  });

  it('forgets everything when the book changes', () => {
    const answers = new BookAnswers();
    answers.set(q(''), { rows: [MAYA, BOB], done: true });
    answers.set(q('zq'), { rows: [], done: true });
    answers.clear();
    expect(answers.get(q(''))).toBeNull();
    expect(answers.get(q('zqx'))).toBeNull();
  });
});
