import { useEffect, useEffectEvent, useState } from 'react';
import { answerOfResponse, contactsOfAnswer } from '@/lib/card/from-answer';
import type { CardContacts } from '@/lib/card/contract';
import { keysOfSeed, type CardSeed, type CardSubject } from '@/lib/card/page/subject';
import { t } from '@/lib/platform/i18n';
import type { PanelAction } from '@/lib/panel/page/actions';
import { ContactCard } from '@/components/card/ContactCard';
import { useBookContact } from '@/components/card/useBookContact';
import type { CardAnswer } from '@/components/card/useCardLookups';

export interface SeedCardProps {
  /** Who the card is about, as the page (or the mail header) shows them; null shows nothing. */
  seed: CardSeed | null;
  /** The lookups for what the card knows (lib/card/page/actions.ts). */
  actionsOf(subject: CardSubject): PanelAction[];
  /** False while no key is saved: the card shows what the page says, without lookups. */
  offerLookups?: boolean;
  onAnswer?(answer: CardAnswer): void;
  /** What the card shows, each time the book's contact changes (the panel's CRM section pushes it). */
  onSubject?(subject: CardSubject): void;
}

/**
 * The card of someone a page is about: the page's own header on a first visit, the contact
 * book's contact as soon as there is one. Give it a `key` per subject: a new one starts a new
 * card (its running lookup is not shown there).
 */
export function SeedCard({ seed, actionsOf, offerLookups = true, onAnswer, onSubject }: SeedCardProps) {
  // Keys the answers revealed (a profile found from a name at a company): the book files the contact under them.
  const [learnt, setLearnt] = useState<string[]>([]);
  const [revision, setRevision] = useState(0);
  // The card the last reply carried (the book's, once its answer was in); null: read the book.
  const [answered, setAnswered] = useState<CardContacts | null>(null);
  const [lastAnswer, setLastAnswer] = useState<unknown>(undefined);
  const keys = [...new Set([...keysOfSeed(seed), ...learnt])];
  const book = useBookContact(keys, revision, answered);
  const subject: CardSubject = { person: book.person, company: book.company, seed };
  // Told when the book's contact changes (it arrives from the book, not from a user's action here).
  const tellSubject = useEffectEvent(() => onSubject?.(subject));
  useEffect(() => tellSubject(), [book.person, book.company]);
  if (!seed) return null;

  function onAnswered(answer: CardAnswer) {
    onAnswer?.(answer);
    if (answer.response.value !== undefined) setLastAnswer(answer.response.value);
    const { card } = answer.response;
    // One trip: the reply holds the merged contact and the keys the book files it by. On a
    // person's card, a reply about their company alone (Enrich company) does not describe the
    // person: the card reads the book again, by the person's keys and the company's.
    if (card && (card.person !== null || seed?.kind === 'company')) {
      setLearnt((prev) => [...new Set([...prev, ...card.keys])]);
      setAnswered({ person: card.person, company: card.company });
      return;
    }
    setAnswered(null);
    setRevision((r) => r + 1);
    if (card) return setLearnt((prev) => [...new Set([...prev, ...card.keys])]);
    // No card in the reply (nothing answered, or the worker could not read the book for it).
    const contactAnswer = answerOfResponse(answer.response, answer.request.input);
    if (contactAnswer) void contactsOfAnswer(contactAnswer).then((found) => setLearnt((prev) => [...new Set([...prev, ...found.keys])]));
  }

  return (
    <ContactCard
      subject={subject}
      actions={offerLookups ? actionsOf(subject) : []}
      onAnswer={onAnswered}
      fields={lastAnswer === undefined ? [] : [{ label: t('card.allFields'), value: lastAnswer }]}
    />
  );
}
