import { describe, expect, it } from 'vitest';
import { nextLookup } from '@/lib/card/page/next-lookup';
import { cardHeader, cardRows } from '@/lib/card/page/rows';
import type { CardSubject } from '@/lib/card/page/subject';
import { answer, book, DAY, mayaEnrichment, mayaPhones, MAYA_URL } from '@/test/unit/card/fixtures';

const next = (subject: CardSubject, canRun: (id: string) => boolean = () => true) =>
  nextLookup(cardHeader(subject), cardRows(subject, { euMode: false }), canRun);

describe('the lookup a card puts forward', () => {
  const seedOnly: CardSubject = { person: null, company: null, seed: { kind: 'person', fullName: 'Maya Chen', company: 'Northwind Analytics', profileUrl: MAYA_URL } };

  it('is the full enrichment while nothing is known', () => {
    expect(next(seedOnly)).toBe('enrich');
  });

  it('after the enrichment found the work email, is the mobile', async () => {
    expect(next(await book(answer('enrichPerson', mayaEnrichment(), DAY)))).toBe('mobile');
  });

  it('after the mobile too, is whatever is still unknown further down, never a row already filled', async () => {
    const subject = await book(answer('enrichPerson', mayaEnrichment(), DAY), answer('searchPhone', mayaPhones(), 2 * DAY));
    const id = next(subject);
    expect(['enrich', 'email', 'mobile']).not.toContain(id);
  });

  it('skips a lookup that cannot run (refused, or already asked and free): the next one leads', () => {
    expect(next(seedOnly, (id) => id !== 'enrich')).toBe('email');
  });

  it('is none when nothing can run', () => {
    expect(next(seedOnly, () => false)).toBeNull();
  });
});
