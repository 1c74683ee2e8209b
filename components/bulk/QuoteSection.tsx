import { useId, type MouseEvent } from 'react';
import type { BulkQuote } from '@/lib/bulk/model';
import { t, tn } from '@/lib/platform/i18n';
import { credits, operationText } from '@/components/bulk/text';

interface Props {
  quote: BulkQuote | null;
  /** Being priced (or the columns being read again): the quote shown would be stale. */
  pricing: boolean;
  /** Why there is no price (no operation chosen, the columns need fixing, the worker refused). */
  blocked: string | null;
  starting: boolean;
  onStart(event: MouseEvent): void;
}

/** The cap leaves less than the run may cost: it cannot start. */
export const overCap = (quote: BulkQuote) => quote.capLeft !== null && quote.total > quote.capLeft;

/**
 * The price of the run before it starts, as the worker computed it (bulkQuote): what it may
 * cost at most, what the ledger answers for free, what is skipped and why, and the day's cap.
 * One button starts it, naming the total: nothing is spent without that click.
 */
export function QuoteSection({ quote, pricing, blocked, starting, onStart }: Props) {
  const id = useId();
  const over = quote ? overCap(quote) : false;
  return (
    <section aria-labelledby={`${id}-title`} aria-busy={pricing} className="bulk-quote">
      <h3 id={`${id}-title`}>{t('bulk.ui.quote.title')}</h3>
      {blocked ? (
        <p className="muted">{blocked}</p>
      ) : !quote ? (
        pricing && <p role="status">{t('bulk.ui.quote.pricing')}</p>
      ) : (
        <>
          <dl className="facts" aria-label={t('bulk.ui.quote.details')}>
            <dt>{t('bulk.ui.quote.total')}</dt>
            <dd data-testid="bulk-quote-total">{credits(quote.total)}</dd>
            <dt>{t('bulk.ui.quote.toPay')}</dt>
            <dd>{quote.toPay}</dd>
            <dt>{t('bulk.ui.quote.fromLedger')}</dt>
            <dd>{quote.fromLedger}</dd>
            {quote.skipInCrm && (
              <>
                <dt>{t('bulk.ui.quote.inCrm')}</dt>
                <dd>{quote.inCrm}</dd>
              </>
            )}
            {quote.skipInCrm && !!quote.crmUnknown && (
              <>
                <dt>{t('bulk.ui.quote.crmUnknown')}</dt>
                <dd>{quote.crmUnknown}</dd>
              </>
            )}
            <dt>{t('bulk.ui.quote.unusable')}</dt>
            <dd>{quote.unusable}</dd>
            <dt>{t('bulk.ui.quote.capLeft')}</dt>
            <dd>{quote.capLeft === null ? t('bulk.ui.quote.noCap') : credits(quote.capLeft)}</dd>
            {/* What the contact book already holds of these rows, and how old (a free local read). */}
            {!!quote.known?.rows && (
              <>
                <dt>{t('bulk.ui.quote.known')}</dt>
                <dd data-testid="bulk-quote-known">{quote.known.rows}</dd>
                <dt>{t('bulk.ui.quote.knownAgeing')}</dt>
                <dd>{quote.known.ageing}</dd>
                <dt>{t('bulk.ui.quote.knownStale')}</dt>
                <dd>{quote.known.stale}</dd>
              </>
            )}
          </dl>
          {!!quote.known?.rows && <p className="muted">{t('bulk.ui.quote.knownHint')}</p>}
          <ul className="plain" aria-label={t('bulk.ui.quote.byOperation')}>
            {quote.byOperation.map((line) => (
              <li key={line.op}>
                {t('bulk.ui.quote.operationLine', { operation: operationText(line.op), count: line.toPay, credits: credits(line.price) })}
                {line.fromLedger > 0 && ` ${tn('bulk.ui.quote.operationFree', line.fromLedger)}`}
              </li>
            ))}
          </ul>
          <p className="muted">{t('bulk.ui.quote.missesFree')}</p>
          {quote.historyOverflow > 0 && <p className="warning">{tn('bulk.ui.quote.historyOverflow', quote.historyOverflow)}</p>}
          {over && <p role="alert">{t('bulk.ui.quote.overCap', { credits: credits(quote.total), left: credits(quote.capLeft ?? 0) })}</p>}
          <button type="button" disabled={over || starting} onClick={onStart}>
            {t('bulk.ui.quote.start', { credits: credits(quote.total) })}
          </button>
        </>
      )}
    </section>
  );
}
