import { useId, useState } from 'react';
import { emailCardActions } from '@/lib/card/page/actions';
import { lastEnrichment } from '@/lib/card/page/enrichment';
import { seedOfParticipant } from '@/lib/card/page/subject';
import { t } from '@/lib/platform/i18n';
import type { LookupResponse } from '@/lib/lookup/contract';
import type { Participant, WebmailParticipants } from '@/lib/webmail/participant';
import { SeedCard } from '@/components/card/SeedCard';
import type { CardAnswer } from '@/components/card/useCardLookups';
import { useEuMode } from '@/components/card/useEuMode';
import { PanelCrm } from '@/components/crm/PanelCrm';

interface Props {
  /** The open message's people, as the worker kept them; null when no message is open. */
  mail: WebmailParticipants | null;
  offerLookups: boolean;
  onAnswer?(answer: CardAnswer): void;
}

/** What the lookups said about the person shown. */
interface PersonAnswers {
  email: string;
  enrichment?: LookupResponse;
  enrichedBefore: string | null;
}
const NO_ANSWERS: Omit<PersonAnswers, 'email'> = { enrichedBefore: null };

const ROLE_KEY = { from: 'webmail.option.from', to: 'webmail.option.to', cc: 'webmail.option.cc' } as const;

function optionLabel(person: Participant): string {
  const who = person.name ? t('webmail.who', { name: person.name, email: person.email }) : person.email;
  return t(ROLE_KEY[person.role], { who });
}

/**
 * A web mail message's people in the panel: the sender's card first, a picker for the others
 * (other senders of the conversation, To, Cc). Each card asks by the address, and its CRM section
 * checks the connected CRMs for that address (free) and pushes the enriched person.
 */
export function MailPeople({ mail, offerLookups, onAnswer }: Props) {
  const pickerId = useId();
  const euMode = useEuMode();
  const people = mail ? [...(mail.sender ? [mail.sender] : []), ...mail.others] : [];
  // A pick is among one sender's message's people: another sender's message starts from its sender.
  const sender = mail?.sender?.email;
  const [picked, setPicked] = useState<{ sender: string | undefined; email: string } | null>(null);
  const chosen = picked && picked.sender === sender ? picked.email : null;
  const person = people.find((p) => p.email === chosen) ?? people[0] ?? null;

  // Another message (or another person picked): answers belong to who they were about.
  const [answers, setAnswers] = useState<PersonAnswers | null>(null);
  const { enrichment, enrichedBefore } = answers && answers.email === person?.email ? answers : NO_ANSWERS;

  if (!person) return <p className="who">{t('webmail.noMessage')}</p>;
  const email = person.email;
  const forPerson = (change: Partial<PersonAnswers>) => setAnswers((current) => ({ ...(current?.email === email ? current : { ...NO_ANSWERS, email }), ...change }));

  function answered(answer: CardAnswer) {
    onAnswer?.(answer);
    if (answer.action.id === 'enrich') forPerson({ enrichment: answer.response });
  }

  return (
    <section aria-label={t('webmail.title')}>
      {!mail?.sender && <p className="muted">{t('webmail.fromYou')}</p>}
      {people.length > 1 && (
        <>
          <label htmlFor={pickerId}>{t('webmail.pick')}</label>
          <select id={pickerId} value={person.email} onChange={(event) => setPicked({ sender, email: event.target.value })}>
            {people.map((p) => (
              <option key={p.email} value={p.email}>
                {optionLabel(p)}
              </option>
            ))}
          </select>
        </>
      )}
      <SeedCard
        key={person.email}
        seed={seedOfParticipant(person)}
        actionsOf={(subject) => emailCardActions(subject, person.email)}
        offerLookups={offerLookups}
        onAnswer={answered}
        onSubject={(subject) => forPerson({ enrichedBefore: lastEnrichment(subject)?.historyId ?? null })}
      />
      {euMode && offerLookups && <p className="muted">{t('webmail.euMode')}</p>}
      <PanelCrm who={{ email: person.email, fullName: person.name ?? undefined }} resetKey={person.email} enrichment={enrichment} enrichedBefore={enrichedBefore} />
    </section>
  );
}
