import { useEffect, useEffectEvent, useState } from 'react';
import { cardActions } from '@/lib/card/page/actions';
import { contactsOfAnswer, type AnswerContacts } from '@/lib/card/from-answer';
import type { ContactAnswer } from '@/lib/book/answer';
import { AllFields } from '@/components/card/AllFields';
import { ContactCard } from '@/components/card/ContactCard';
import { useBookContact } from '@/components/card/useBookContact';

interface Props {
  /** What the lookup answered about someone; null when it answered nothing (a miss, a failure). */
  answer: ContactAnswer | null;
  /** Who was asked about (lib/book/from-history.ts requestKeysOf), to find them when the answer names no one. */
  askedKeys?: readonly string[];
  fields?: readonly { label: string; value: unknown }[];
}

/**
 * The card of whoever a lookup was about, where a screen holds one lookup (the history details,
 * the popup's quick lookup, a right-click's answer): the contact book's merged contact, else
 * the contact that answer alone makes (one recorded before the book, or forgotten since).
 */
export function AnswerCard({ answer, askedKeys = [], fields = [] }: Props) {
  // The contacts this answer alone makes, kept with the answer they were read from.
  const [read, setRead] = useState<{ answerKey: string; own: AnswerContacts | null } | null>(null);
  const answerKey = answer ? `${answer.op}|${answer.historyId}|${answer.at}` : '';
  const own = read?.answerKey === answerKey ? read.own : null;
  // An answer is read again only when it is another answer (the key), not another object for the same one.
  const readAnswer = useEffectEvent(() => (answer ? contactsOfAnswer(answer) : null));
  useEffect(() => {
    const reading = readAnswer();
    if (!reading) return;
    let live = true;
    void reading.then(
      (found) => live && setRead({ answerKey, own: found }),
      // An answer stored by an older release that no longer reads: the book may still know them.
      () => live && setRead({ answerKey, own: null }),
    );
    return () => {
      live = false;
    };
  }, [answerKey]);
  const book = useBookContact([...new Set([...(own?.keys ?? []), ...askedKeys])]);
  const fromBook = book.person !== null || book.company !== null;
  const subject = { person: fromBook ? book.person : (own?.person ?? null), company: fromBook ? book.company : (own?.company ?? null), seed: null };
  if (!subject.person && !subject.company) return <>{fields.map((field) => <AllFields key={field.label} label={field.label} value={field.value} />)}</>;
  return <ContactCard subject={subject} actions={cardActions(subject)} fields={fields} />;
}
