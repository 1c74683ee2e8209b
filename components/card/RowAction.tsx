import { t } from '@/lib/i18n';
import { formatAge, formatDateTime } from '@/lib/i18n/relative-time';
import type { PanelAction } from '@/lib/panel/actions';
import { CostLine } from '@/components/CostLine';
import { credits, priceLabel } from '@/components/panel/format';
import { SpendStatus } from '@/components/SpendStatus';
import type { CardLookups } from '@/components/card/useCardLookups';

interface Props {
  /** The lookup that fills the row; none where no lookup of its own does. */
  action: PanelAction | undefined;
  /** When the row's newest value was found; null while nothing is known. */
  knownAt: number | null;

  lookups: CardLookups | null;
  now: number;
}

export function Age({ at, now, messageKey }: { at: number; now: number; messageKey: 'card.found' | 'card.foundAt' }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)}>
      {t(messageKey, { age: formatAge(at, Math.max(now, at)) })}
    </time>
  );
}

/**
 * A row's lookup: its price before the click when the row is empty; its age and a priced
 * "refresh" (paying again) once it is known. What the lookup is doing (running, the price
 * question, a lost answer, a failure) and what it came to show on the row itself.
 */
export function RowAction({ action, knownAt, lookups, now }: Props) {
  if (!action || !lookups) return knownAt !== null ? <p className="card-age muted"><Age at={knownAt} now={now} messageKey="card.found" /></p> : null;
  const preview = lookups.previews[action.id];
  const active = lookups.active?.id === action.id;
  const outcome = lookups.outcomes[action.id];
  const disabled = lookups.busy || Boolean(preview?.refused);
  return (
    <div className="card-action">
      {knownAt !== null ? (
        <p className="card-age">
          <span className="muted">
            <Age at={knownAt} now={now} messageKey="card.found" />
          </span>{' '}
          <button type="button" className="link-button" disabled={disabled} onClick={(e) => lookups.run(action, true, e)}>
            {preview ? t('card.refresh', { credits: credits(preview.price) }) : t('card.refreshUnpriced')}
          </button>
        </p>
      ) : (
        <button type="button" disabled={disabled} onClick={(e) => lookups.run(action, false, e)}>
          {t('card.action', { action: action.label, price: priceLabel(preview) })}
        </button>
      )}
      {preview?.refused && <p className="muted">{preview.refused.message}</p>}
      {active && lookups.spend.state.phase === 'running' && (
        <p role="status" aria-busy="true">
          {t('panel.busy')}
        </p>
      )}
      {active && <SpendStatus spend={lookups.spend} showCost={false} />}
      {outcome && <CostLine response={outcome} />}
    </div>
  );
}
