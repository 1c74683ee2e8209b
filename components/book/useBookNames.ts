import { useEffect, useEffectEvent, useState } from 'react';
import { onBookChanged } from '@/lib/book/page/changes';

/** Someone a screen could not name from their own entries, and the identity keys to ask the book with. */
export interface Unnamed {
  key: string;
  keys: readonly string[];
}

/** Read once per key for the page's lifetime; a key the book did not know is asked again after the book changes. */
const known = new Map<string, string | null>();

/**
 * Names the contact book knows for people no entry of theirs names (a miss, a failed lookup):
 * read after the first paint, and only for the few lines on screen. The book's code is loaded
 * on demand, so the popup does not parse it before it opens.
 */
export function useBookNames(unnamed: readonly Unnamed[]): ReadonlyMap<string, string> {
  const [, redraw] = useState(0);
  const missing = unnamed.filter((u) => u.keys.length && !known.has(u.key));
  const signature = missing.map((u) => u.key).join('\n');

  useEffect(() => {
    const forget = () => {
      for (const [key, name] of known) if (name === null) known.delete(key);
      redraw((n) => n + 1);
    };
    return onBookChanged(forget);
  }, []);

  // The same people in a new list (each render makes one) are not a reason to read again.
  const readNames = useEffectEvent(async () => {
    const [{ findContact }, { displayName }] = await Promise.all([import('@/lib/book/store'), import('@/lib/book/model')]);
    for (const { key, keys } of missing) known.set(key, await findContact(keys).then((c) => (c ? displayName(c) : null), () => null));
  });
  useEffect(() => {
    if (!signature) return;
    let live = true;
    void readNames().then(() => live && redraw((n) => n + 1));
    return () => {
      live = false;
    };
  }, [signature]);

  return new Map(unnamed.flatMap((u) => (known.get(u.key) ? [[u.key, known.get(u.key)!] as const] : [])));
}
