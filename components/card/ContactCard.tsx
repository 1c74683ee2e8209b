import { useId } from 'react';
import { nextLookup } from '@/lib/card/page/next-lookup';
import { cardHeader, cardRows, ROW_ACTION } from '@/lib/card/page/rows';
import type { CardSubject } from '@/lib/card/page/subject';
import { headerSources, rowSources } from '@/lib/card/page/sources';
import type { PanelAction } from '@/lib/panel/page/actions';
import { useNow } from '@/components/platform/useNow';
import { AllFields } from '@/components/card/AllFields';
import { CardHeader } from '@/components/card/CardHeader';
import { CardRow } from '@/components/card/CardRow';
import { NoticeButton } from '@/components/card/NoticeButton';
import { useCardLookups, type CardAnswer } from '@/components/card/useCardLookups';
import { useEuMode } from '@/components/card/useEuMode';
import '@/components/card/card.css';

interface Props {
  subject: CardSubject;
  /** The lookups the rows offer (lib/card/page/actions.ts); none makes a card without buttons. */
  actions?: readonly PanelAction[];
  onAnswer?(answer: CardAnswer): void;
  /** Raw records shown whole under the rows ("all fields"), e.g. the answer a history entry holds. */
  fields?: readonly { label: string; value: unknown }[];
}

const NO_ACTIONS: readonly PanelAction[] = [];

/**
 * The one contact card: the panel, the side panel, the popup's quick lookup, the history
 * details and the contact book all show a person (or a company) with it. A header, then one
 * row per kind of value, each filled in place by its own priced lookup.
 */
export function ContactCard({ subject, actions = NO_ACTIONS, onAnswer, fields = [] }: Props) {
  const nameId = useId();
  const now = useNow();
  const euMode = useEuMode();
  const lookups = useCardLookups(actions, onAnswer);
  const header = cardHeader(subject);
  const rows = cardRows(subject, { euMode });
  const actionOf = (id: PanelAction['id'] | null) => (id ? actions.find((a) => a.id === id) : undefined);
  const offered = actions.length ? lookups : null;
  // A lookup already asked (free from the ledger) or refused is no next step: the one after it is.
  // The work email after a job change is asked again, whatever the ledger holds of the old one.
  const renewed = rows.some((row) => row.id === 'workEmail' && row.gone) ? ROW_ACTION.workEmail : null;
  const canRun = (id: PanelAction['id']) => {
    const preview = lookups.previews[id];
    return Boolean(offered && actionOf(id) && !preview?.refused && (!preview?.inLedger || id === renewed));
  };
  const next = nextLookup(header, rows, canRun);
  return (
    <article className="card" aria-labelledby={nameId}>
      <CardHeader header={header} nameId={nameId} action={actionOf(ROW_ACTION.header)} lookups={offered} now={now} primary={next === ROW_ACTION.header} sources={headerSources(subject)} />
      <ul className="card-rows">
        {rows.map((row) => (
          <CardRow
            key={row.id}
            row={row}
            action={actionOf(ROW_ACTION[row.id])}
            lookups={offered}
            now={now}
            primary={next !== null && next === ROW_ACTION[row.id]}
            companyCard={header.kind === 'company'}
            sources={rowSources(row, subject)}
            formerCompany={header.jobChange?.was.company}
          />
        ))}
      </ul>
      {/* Article 14: only a person the book holds can be told where their data came from. */}
      {header.kind === 'person' && subject.person && <NoticeButton person={subject.person} />}
      {fields.map((field) => (
        <AllFields key={field.label} label={field.label} value={field.value} />
      ))}
    </article>
  );
}
