import { useEffect, useEffectEvent, useState } from 'react';
import { NO_CONTACTS, readCardContacts, type CardContacts } from '@/lib/card/book';
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
 * The contact book's person (or company) for `keys`, and the person's company. The worker
 * writes each answer into the book before it replies, so reading again after a lookup
 * (`revision`) fills its row in place. Extension pages also read again on every change to the
 * book; the panel's frame, which hears of none, when it comes back into view.
 */
export function useBookContact(keys: readonly string[], revision = 0): BookContact {
  const [state, setState] = useState<BookContact>(NOT_READ);
  const signature = keys.join('\n');
  const none = keys.length === 0;
  // No keys: nothing to read, and what was read for earlier keys goes.
  if (none && state !== NOTHING_TO_READ) setState(NOTHING_TO_READ);

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
    read();
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
    };
  }, [signature, revision, none]);

  return state;
}
