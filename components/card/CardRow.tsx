import { useId } from 'react';
import type { CardRow as Row } from '@/lib/card/page/rows';
import { t, type MessageKey } from '@/lib/platform/i18n';
import type { PanelAction } from '@/lib/panel/page/actions';
import type { SourceItem } from '@/lib/card/page/sources';
import { RowFreshness, RowLookup } from '@/components/card/RowAction';
import type { CardLookups } from '@/components/card/useCardLookups';
import { FreshnessBadge } from '@/components/card/Freshness';
import { CompanyFacts, EmailValue, HandleValue, PhoneValue } from '@/components/card/values';

const ROW_LABEL = {
  workEmail: 'card.row.workEmail',
  personalEmail: 'card.row.personalEmail',
  phone: 'card.row.phone',
  microblog: 'card.row.microblog',
  company: 'card.row.company',
} as const satisfies Record<Row['id'], MessageKey>;

function Values({ row, now, companyCard, formerCompany }: { row: Row; now: number; companyCard: boolean; formerCompany?: string }) {
  switch (row.id) {
    case 'workEmail':
      return row.emails.length ? (
        <ul className="card-values">
          {row.emails.map((e) => (
            <EmailValue key={e.address} email={e} now={now} gone={row.gone ? { company: formerCompany ?? '' } : undefined} />
          ))}
        </ul>
      ) : null;
    case 'personalEmail':
      return row.emails.length ? <ul className="card-values">{row.emails.map((e) => <EmailValue key={e.address} email={e} now={now} />)}</ul> : null;
    case 'phone':
      return row.phones.length ? <ul className="card-values">{row.phones.map((p) => <PhoneValue key={p.e164} phone={p} now={now} />)}</ul> : null;
    case 'microblog':
      return row.handle ? <ul className="card-values"><HandleValue handle={row.handle} /></ul> : null;
    case 'company':
      return row.company ? <CompanyFacts company={row.company} open={companyCard} /> : null;
  }
}

/** What an empty row says when no button says it for it (no lookup offered, or one already asked). */
function notKnown(row: Row): string {
  if (row.id !== 'personalEmail') return t('card.notKnown');
  return row.searchedAt === null ? t('card.notKnownPersonal') : t('card.noPersonal');
}

interface Props {
  row: Row;
  action: PanelAction | undefined;
  lookups: CardLookups | null;
  now: number;
  /** The card's next lookup is this row's: its button is the filled one. */
  primary: boolean;
  /** A company's own card opens its facts; a person's card keeps them folded under a summary. */
  companyCard?: boolean;
  /** Where each value of the row came from, for its menu. */
  sources?: readonly SourceItem[];
  /** The company they left (a job change): the work emails are marked as probably gone with it. */
  formerCompany?: string;
}

/**
 * One kind of value: its label with the row's menu (when found, refresh) on one line, then what
 * is known (each value once), or the lookup that finds it, priced.
 */
export function CardRow({ row, action, lookups, now, primary, companyCard = false, sources, formerCompany }: Props) {
  const labelId = useId();
  const label = t(ROW_LABEL[row.id]);
  const offered = Boolean(action && lookups) && row.knownAt === null;
  // Their addresses went with the old job: the lookup is offered again, for the new company (paying again if the ledger has it).
  const renew = row.id === 'workEmail' && row.gone;
  return (
    <li className="card-row">
      <div role="group" aria-labelledby={labelId}>
        <div className="card-row-head">
          <h4 id={labelId}>{label}</h4>
          {row.knownAt === null && !offered && <span className="muted">{notKnown(row)}</span>}
          {row.id === 'company' && <FreshnessBadge kind="company" at={row.knownAt} now={now} />}
          <RowFreshness action={action} knownAt={row.knownAt} lookups={lookups} now={now} rowLabel={label} sources={sources} />
        </div>
        <Values row={row} now={now} companyCard={companyCard} formerCompany={formerCompany} />
        <RowLookup action={action} knownAt={row.knownAt} lookups={lookups} primary={primary} renew={renew} />
      </div>
    </li>
  );
}
