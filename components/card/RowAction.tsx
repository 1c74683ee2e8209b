import { useId } from 'react';
import { t, type MessageKey } from '@/lib/platform/i18n';
import { formatAge, formatDateTime } from '@/lib/platform/i18n/relative-time';
import type { PanelAction } from '@/lib/panel/page/actions';
import { MOBILE_PRICE, PRICES } from '@/lib/lookup/prices';
import type { Preview } from '@/lib/lookup/contract';
import { CostLine } from '@/components/lookup/CostLine';
import { credits, priceLabel } from '@/components/panel/format';
import { SpendStatus } from '@/components/lookup/SpendStatus';
import { RowMenu } from '@/components/card/RowMenu';
import { RowSources } from '@/components/card/RowSources';
import type { SourceItem } from '@/lib/card/page/sources';
import type { CardLookups } from '@/components/card/useCardLookups';

interface Props {
  /** The lookup that fills the row; none where no lookup of its own does. */
  action: PanelAction | undefined;
  /** When the row's newest value was found; null while nothing is known. */
  knownAt: number | null;
  lookups: CardLookups | null;
}

export function Age({ at, now, messageKey }: { at: number; now: number; messageKey: 'card.found' | 'card.foundAt' }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)}>
      {t(messageKey, { age: formatAge(at, Math.max(now, at)) })}
    </time>
  );
}

/** What a priced lookup charges for: nothing unless it finds what it looks for (the contract's "no match, no charge"). */
const CHARGED_IF = {
  enrich: 'card.chargedIf.enrich',
  email: 'card.chargedIf.email',
  personal: 'card.chargedIf.email',
  mobile: 'card.chargedIf.mobile',
  microblog: 'card.chargedIf.microblog',
  company: 'card.chargedIf.company',
} as const satisfies Record<PanelAction['id'], MessageKey>;

/** The button's words, its price kept in one piece should the label wrap (the accessible name is unchanged). */
function ActionLabel({ label, price }: { label: string; price: string }) {
  const [before = '', after = ''] = t('card.action', { action: label, price: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span className="card-price">{price}</span>
      {after}
    </>
  );
}

/** What the price means; with "Phone numbers" on, what each mobile number adds to it. */
function chargedIf(id: PanelAction['id'], preview: Preview): string {
  if (!preview.mobiles) return t(CHARGED_IF[id]);
  return t('card.chargedIf.enrichWithMobiles', { match: credits(PRICES[preview.op]), mobile: credits(MOBILE_PRICE), count: preview.mobiles });
}

/**
 * A known row's menu, on its label's line: when the value was found (the full date on hover),
 * where each of its values came from, and the refresh, which pays again and says so.
 */
export function RowFreshness({ action, knownAt, lookups, now, rowLabel, sources = [] }: Props & { now: number; rowLabel: string; sources?: readonly SourceItem[] }) {
  if (knownAt === null) return null;
  const preview = action && lookups ? lookups.previews[action.id] : undefined;
  return (
    <RowMenu rowLabel={rowLabel}>
      {(close) => (
        <>
          <p className="muted">
            <Age at={knownAt} now={now} messageKey="card.found" />
          </p>
          <RowSources items={sources} />
          {action && lookups && (
            <button
              type="button"
              className="secondary"
              disabled={lookups.busy || Boolean(preview?.refused)}
              onClick={(e) => {
                lookups.run(action, true, e);
                close();
              }}
            >
              {preview ? t('card.refresh', { credits: credits(preview.price) }) : t('card.refreshUnpriced')}
            </button>
          )}
        </>
      )}
    </RowMenu>
  );
}

/**
 * A row's lookup under its values: the priced button while the row is empty (the card's next
 * lookup filled, the others outlined), what a paid price means (under the next lookup, on hover
 * for the others), and what the lookup is doing
 * (running, the price question, a lost answer, a failure) and came to.
 */
export function RowLookup({ action, knownAt, lookups, primary, renew = false }: Props & { primary: boolean; renew?: boolean }) {
  const hintId = useId();
  if (!action || !lookups) return null;
  // `renew`: what the row holds went stale (a job change); the lookup is offered again and pays
  // again even where the ledger holds the old answer, so its full price is what the button says.
  const asked = lookups.previews[action.id];
  const preview = renew && asked ? { ...asked, inLedger: null } : asked;
  const active = lookups.active?.id === action.id;
  const outcome = lookups.outcomes[action.id];
  const offered = knownAt === null || renew;
  const explained = offered && preview && !preview.refused && !preview.inLedger && preview.price > 0;
  if (!offered && !active && !outcome) return null;
  return (
    <div className="card-action">
      {offered && (
        <button
          type="button"
          className={primary ? undefined : 'secondary'}
          disabled={lookups.busy || Boolean(preview?.refused)}
          aria-describedby={explained && primary ? hintId : undefined}
          // The card's other lookups say it on hover (and as their description), to keep the card short.
          title={explained && !primary ? chargedIf(action.id, preview) : undefined}
          onClick={(e) => lookups.run(action, renew, e)}
        >
          <ActionLabel label={action.label} price={priceLabel(preview)} />
        </button>
      )}
      {explained && primary && (
        <p id={hintId} className="muted price-hint">
          {chargedIf(action.id, preview)}
        </p>
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
