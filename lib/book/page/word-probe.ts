import { withRecords } from '@/lib/platform/storage/vault';

/**
 * Which contacts a query word can match, by keys alone: its prefix range on the `words` index
 * read with a cap (`getAllKeys(range, cap)`: primary keys only, no record read, and never more
 * than `cap` index entries however common the word). Under the cap the word's contacts are
 * known whole and can be intersected; at the cap the word is only known to be common.
 */
export interface WordProbe {
  word: string;
  /** The contacts with a word starting with `word`, each once, in the index's order (the word that matched, then id). */
  ids: string[];
  /** Every index entry of the range was read (fewer than the cap): `ids` is the whole set. */
  complete: boolean;
  /** The records of the range's first SAMPLE entries, in index order (raw, unparsed); none for a common word when another is rare. */
  sample: unknown[];
}

export const prefixRange = (word: string) => IDBKeyRange.bound(word, `${word}\uffff`);

/** Index entries of each word's range whose records the probe reads (the first page's candidates, the walk's sample). */
export const SAMPLE = 60;

/**
 * The probes of `words`, each bounded by `cap` index entries, with the records of the first
 * `sample` entries of the ranges that matter, in one transaction: every word's keys asked at
 * once, then, as soon as they answer, the samples. When a word is rare (its probe complete), only
 * the rare words' ranges are sampled: they hold the first screenful's records (a rare word's range
 * is short), and a common word's records would be read for nothing (measured at 100,000: "raka s"
 * read 60 records of "s" and took three times "raka" alone). When every word is common, each is
 * sampled: the samples choose the walk (chooseWalk).
 */
export async function probeWords(words: readonly string[], cap: number, sample = SAMPLE, memory?: ProbeMemory): Promise<WordProbe[]> {
  const since = memory?.generation;
  const known = (word: string) => memory?.keysOf(word, cap);
  const read = await withRecords(async (db) => {
    const index = db.transaction('contacts', 'readonly').store.index('words');
    const keys = await Promise.all(words.map((word) => known(word) ?? index.getAllKeys(prefixRange(word), cap)));
    const anyRare = keys.some((found) => found.length < cap);
    const samples = await Promise.all(
      words.map((word, i) => (!anyRare || keys[i]!.length < cap ? (memory?.sampleOf(word, cap, sample) ?? index.getAll(prefixRange(word), sample)) : [])),
    );
    return words.map((_, i) => [keys[i]!, samples[i]!] as const);
  });
  return words.map((word, i) => {
    const [found, records] = read[i]!;
    // Kept only if the book did not change while they were read.
    if (memory && since === memory.generation) memory.keep(word, cap, sample, found, records);
    // A contact is listed once per word of its own that matches ("maya", "maya.chen@…"): kept at its first.
    return { word, ids: [...new Set(found.map(String))], complete: found.length < cap, sample: records };
  });
}

/**
 * The probes the page read since the book last changed, by word: typing "maria northwind" probes
 * "maria" once, not again at each letter of "northwind". What a probe reads depends only on the
 * book and the word, so a kept one is exactly what a new read would give until the book changes
 * (`clear`, on any write to it); a read that began before a change is not kept.
 */
export class ProbeMemory {
  private keys = new Map<string, IDBValidKey[]>();
  private samples = new Map<string, unknown[]>();
  /** Counts the changes: a probe is kept only when none came while it was read. */
  generation = 0;

  keysOf(word: string, cap: number): IDBValidKey[] | undefined {
    return this.keys.get(`${cap}:${word}`);
  }

  sampleOf(word: string, cap: number, sample: number): unknown[] | undefined {
    return this.samples.get(`${cap}:${sample}:${word}`);
  }

  keep(word: string, cap: number, sample: number, keys: IDBValidKey[], records: unknown[]): void {
    // A memory of a few hundred words at most: a page's typing, not the book.
    if (this.keys.size >= KEEP_WORDS) this.clear();
    this.keys.set(`${cap}:${word}`, keys);
    // An empty sample may only mean it was not asked for (another word was rare).
    if (records.length || keys.length === 0) this.samples.set(`${cap}:${sample}:${word}`, records);
  }

  clear(): void {
    this.keys.clear();
    this.samples.clear();
    this.generation += 1;
  }
}

/** Words a page's probe memory holds at most before it starts again. */
const KEEP_WORDS = 256;

/**
 * The query words worth looking up: each once, and without a word that another one starts
 * with (a contact with a word starting with "maya" has one starting with "may").
 */
export function distinctWords(words: readonly string[]): string[] {
  const unique = [...new Set(words)];
  return unique.filter((word) => !unique.some((other) => other !== word && other.startsWith(word)));
}

/**
 * The contacts in every complete probe, in the order of the smallest one (its index order),
 * or null when no probe is complete (every word is common: nothing to intersect by key).
 */
export function intersectProbes(probes: readonly WordProbe[]): string[] | null {
  const complete = probes.filter((p) => p.complete).sort((a, b) => a.ids.length - b.ids.length);
  const [lead, ...others] = complete;
  if (!lead) return null;
  const sets = others.map((p) => new Set(p.ids));
  return lead.ids.filter((id) => sets.every((set) => set.has(id)));
}

export interface WalkChoice {
  /** The word whose range is walked. */
  lead: string;
  /** The share of its first entries that matched (at least one in SAMPLE, so that batches stay bounded). */
  density: number;
}

/**
 * Which common word's range to walk when no word is rare enough to intersect by key: the
 * longest (its prefix narrows most), unless the first entries of its range (its probe's sample)
 * match less than half as often as another word's. The
 * index lists a word's contacts by id, and ids start with a person's name: "northwind"'s range
 * begins with the Abigails, so "maria northwind" walked from "northwind" would read thousands
 * of Northwind people before its first Maria, while "maria"'s range meets one in nine at once.
 */
export function chooseWalk(probes: readonly WordProbe[], matches: (raw: unknown) => boolean, sample = SAMPLE): WalkChoice & { probe: WordProbe } {
  const rated = probes.map((probe) => {
    const hits = probe.sample.filter(matches).length;
    return { word: probe.word, probe, hits, density: Math.max(hits, 1) / Math.max(probe.sample.length, sample) };
  });
  const longest = rated.reduce((best, r) => (r.word.length > best.word.length ? r : best));
  const best = rated.reduce((top, r) => (r.hits > top.hits || (r.hits === top.hits && r.word.length > top.word.length) ? r : top));
  const lead = longest.hits * 2 >= best.hits ? longest : best;
  return { lead: lead.word, density: lead.density, probe: lead.probe };
}
