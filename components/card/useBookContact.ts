import { useEffect, useEffectEvent, useState } from 'react';
import { NO_CONTACTS, readCardContacts } from '@/lib/card/book';
import type { CardContacts } from '@/lib/card/contract';
import { sendMessage } from '@/lib/contracts/messenger';
import { onBookChanged } from '@/lib/book/page/changes';
import { readsThroughWorker } from '@/components/card/book-access';

export interface BookContact extends CardContacts {
  /** The book was read at least once for these keys. */
  loaded: boolean;
}

async function readThroughWorker(keys: readonly string[]): Promise<CardContacts> {
  const reply = await sendMessage('contactCard', { keys: [...keys] });
  return reply.ok ? reply.value : NO_CONTACTS;
}

const NOT_READ: BookContact = { ...NO_CONTACTS, loaded: false };
const NOTHING_TO_READ: BookContact = { ...NO_CONTACTS, loaded: true };

/**
 * The contact book's person (or company) for `keys`, and the person's company: the one way a
 * card reads the book, on every screen. A lookup's reply carries the card as the book holds it
 * once the answer is in (`answered`): it is shown as it is, with no read. Otherwise `revision`
 * asks for a read. Extension pages also read again on every change to the book; the panel's
 * frame, which hears of none, when it comes back into view.
 */
export function useBookContact(keys: readonly string[], revision = 0, answered: CardContacts | null = null): BookContact {
  const [state, setState] = useState<BookContact>(NOT_READ);
  const signature = keys.join('\n');
  const none = keys.length === 0;
  // No keys: nothing to read, and what was read for earlier keys goes.
  if (none && state !== NOTHING_TO_READ) setState(NOTHING_TO_READ);
  // A reply's card: what a read would find now.
  const [shown, setShown] = useState<CardContacts | null>(null);
  if (!none && answered && answered !== shown) {
    setShown(answered);
    setState({ person: answered.person, company: answered.company, loaded: true });
  }

  // Read for the keys of the moment: the same keys (`signature`) in another array are not a reason to read.
  const readBook = useEffectEvent((viaWorker: boolean) => (viaWorker ? readThroughWorker(keys) : readCardContacts(keys)));
  useEffect(() => {
    if (none) return;
    const viaWorker = readsThroughWorker();
    let live = true;
    let generation = 0;
    const read = () => {
      const mine = ++generation;
      void readBook(viaWorker).then(
        (found) => live && mine === generation && setState({ ...found, loaded: true }),
        () => live && mine === generation && setState((s) => ({ ...s, loaded: true })),
      );
    };
    const onVisible = () => document.visibilityState === 'visible' && read();
    if (viaWorker) document.addEventListener('visibilitychange', onVisible);
    const stopListening = viaWorker ? () => {} : onBookChanged(read);
    // The reply brought the card with the keys it learnt: reading them now would find the same.
    if (!answered) read();
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
    };
  }, [signature, revision, none, answered]);

  return state;
}
