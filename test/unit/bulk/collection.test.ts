import { describe, expect, it } from 'vitest';
import { addToCollection, bulkCollectionItem, clearCollection, readCollection } from '@/lib/bulk/worker/collection';
import { BULK_COLLECT_MAX } from '@/lib/bulk/contract';

describe('the collecting list', () => {
  it('adds people by their canonical profile URL, each once, across pages', async () => {
    expect(await addToCollection([{ profileUrl: 'https://fr.linkedin.com/in/Maya-Chen?trk=x', fullName: 'Maya Chen' }, { profileUrl: 'https://www.linkedin.com/in/ann-lee/' }])).toEqual({ count: 2, added: 2 });
    // The next page: Maya again under another URL form, and someone new.
    expect(await addToCollection([{ profileUrl: 'http://www.linkedin.com/in/maya-chen/details/experience/' }, { profileUrl: 'https://www.linkedin.com/in/bo-li' }])).toEqual({ count: 3, added: 1 });
    expect(await readCollection()).toEqual([
      { profileUrl: 'https://www.linkedin.com/in/maya-chen/', fullName: 'Maya Chen' },
      { profileUrl: 'https://www.linkedin.com/in/ann-lee/' },
      { profileUrl: 'https://www.linkedin.com/in/bo-li/' },
    ]);
  });

  it('keeps people only: a company page or another site is not added', async () => {
    expect(await addToCollection([{ profileUrl: 'https://www.linkedin.com/company/acme/' }, { profileUrl: 'https://evil.example/in/x' }])).toEqual({ count: 0, added: 0 });
  });

  it(`stops at ${BULK_COLLECT_MAX} people`, async () => {
    await bulkCollectionItem.setValue(Array.from({ length: BULK_COLLECT_MAX - 1 }, (_, i) => ({ profileUrl: `https://www.linkedin.com/in/p${i}/` })));
    expect(await addToCollection([{ profileUrl: 'https://www.linkedin.com/in/last/' }, { profileUrl: 'https://www.linkedin.com/in/one-too-many/' }])).toEqual({ count: BULK_COLLECT_MAX, added: 1 });
  });

  it('concurrent additions lose nothing (one write at a time)', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => addToCollection([{ profileUrl: `https://www.linkedin.com/in/c${i}/` }])));
    expect(await readCollection()).toHaveLength(10);
  });

  it('reads past damage, and empties', async () => {
    await bulkCollectionItem.setValue([{ profileUrl: 'https://www.linkedin.com/in/ok/' }, { nope: true }, 'x']);
    expect(await readCollection()).toEqual([{ profileUrl: 'https://www.linkedin.com/in/ok/' }]);
    await clearCollection();
    expect(await readCollection()).toEqual([]);
  });
});
