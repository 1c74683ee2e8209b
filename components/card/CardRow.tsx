import { useId } from 'react';
import type { CardRow as Row } from '@/lib/card/rows';
import { t, type MessageKey } from '@/lib/i18n';
import type { PanelAction } from '@/lib/panel/actions';
import { RowAction } from '@/components/card/RowAction';
import type { CardLookups } from '@/components/card/useCardLookups';
import { CompanyFacts, EmailValue, HandleValue, PhoneValue } from '@/components/card/values';

const ROW_LABEL = {
  workEmail: 'card.row.workEmail',
  personalEmail: 'card.row.personalEmail',
  phone: 'card.row.phone',
  microblog: 'card.row.microblog',
  company: 'card.row.company',
} as const satisfies Record<Row['id'], MessageKey>;

function Values({ row, now }: { row: Row; now: number }) {
  switch (row.id) {
    case 'workEmail':
    case 'personalEmail':
      return row.emails.length ? <ul className="card-values">{row.emails.map((e) => <EmailValue key={e.address} email={e} now={now} />)}</ul> : null;
    case 'phone':
      return row.phones.length ? <ul className="card-values">{row.phones.map((p) => <PhoneValue key={p.e164} phone={p} />)}</ul> : null;
    case 'microblog':
      return row.handle ? <ul className="card-values"><HandleValue handle={row.handle} /></ul> : null;
    case 'company':
      return row.company ? <CompanyFacts company={row.company} /> : null;
  }
}

function notKnown(row: Row): string {
  if (row.id !== 'personalEmail') return t('card.notKnown');
  return row.searchedAt === null ? t('card.notKnownPersonal') : t('card.noPersonal');
}

/** One kind of value: what is known (each value once), or "not known yet" with the lookup that finds it. */
export function CardRow({ row, action, lookups, now }: { row: Row; action: PanelAction | undefined; lookups: CardLookups | null; now: number }) {
  const labelId = useId();
  const values = <Values row={row} now={now} />;
  return (
    <li className="card-row">
      <div role="group" aria-labelledby={labelId}>
        <h4 id={labelId}>{t(ROW_LABEL[row.id])}</h4>
        {row.knownAt === null && <p className="muted">{notKnown(row)}</p>}
        {values}
        <RowAction action={action} knownAt={row.knownAt} lookups={lookups} now={now} />
      </div>
    </li>
  );
}
