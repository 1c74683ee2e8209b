import { useState } from 'react';
import { DetailsBar } from '@/components/platform/DetailsBar';
import { answerOfEntry, requestKeysOf } from '@/lib/book/from-history';
import { type HistoryEntry, type LookupEntry } from '@/lib/history/entry';
import { isBalanceDifference, isLookupEntry } from '@/lib/history/entry-kind';
import { entryName } from '@/lib/history/who';
import { chargeQuestionText, differenceSentence } from '@/components/balance/BalanceDifferenceNote';
import { t } from '@/lib/platform/i18n';
import { formatDateTime, formatDay } from '@/lib/platform/i18n/relative-time';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';
import { AnswerCard } from '@/components/card/AnswerCard';
import { credits, operationLabel, priceText } from '@/components/lookup/price';
import { SpendStatus } from '@/components/lookup/SpendStatus';
import { usePreview, useSpend } from '@/components/lookup/useLookup';

function RunAgain({ entry }: { entry: LookupEntry }) {
  const [asking, setAsking] = useState(false);
  const runner = useSpend();
  const preview = usePreview(asking ? { op: entry.op, input: entry.input } : null, 0);
  // What paying again costs: the full price, even when the ledger holds a fresh answer.
  const price = preview && !preview.refused ? t('history.runAgainPrice', { price: preview.price === 0 ? t('cost.free') : t('cost.upTo', { credits: credits(preview.price) }) }) : priceText(preview);
  return (
    <div className="run-again">
      {!asking ? (
        <button type="button" className="secondary" onClick={() => setAsking(true)}>
          {t('history.runAgain')}
        </button>
      ) : (
        <span role="group" aria-label={t('history.runAgain')}>
          <span data-testid="run-again-price">{price}</span>{' '}
          <button
            type="button"
            disabled={!preview || Boolean(preview.refused) || runner.state.phase === 'running'}
            onClick={(e) => {
              // The user has just seen and accepted the price: that is the confirmation.
              if (runner.run({ op: entry.op, input: entry.input, refresh: true }, e, { confirmed: true, price: preview?.price ?? null })) setAsking(false);
            }}
          >
            {t('history.runAgainConfirm')}
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setAsking(false)}>
            {t('confirm.cancel')}
          </button>
        </span>
      )}
      <SpendStatus spend={runner} />
    </div>
  );
}

export function HistoryDetails({ entry, onClose }: { entry: HistoryEntry | null; onClose(): void }) {
  const page = entry ? safeHttpUrl(entry.pageUrl) : null;
  return (
    <section className="details" aria-labelledby="details-title">
      <DetailsBar id="details-title" title={t('history.detailsTitle')} closeLabel={t('history.close')} onClose={onClose} showing={entry?.id} />
      {!entry ? (
        <p>{t('history.notFound')}</p>
      ) : (
        <>
          <dl className="facts">
            {/* A balance check is about the account, not a person: its sentence below says what moved. */}
            {!isBalanceDifference(entry) && (
              <>
                <dt>{t('history.colSubject')}</dt>
                <dd data-testid="details-subject">{entryName(entry)}</dd>
              </>
            )}
            <dt>{t('history.colOperation')}</dt>
            <dd>{operationLabel(entry.op)}</dd>
            <dt>{t('history.when')}</dt>
            <dd>{formatDateTime(entry.at)}</dd>
            <dt>{t('history.colOutcome')}</dt>
            <dd>{t(`outcome.${entry.outcome}`)}</dd>
            {entry.difference && (
              <>
                <dt>{t('ops.balanceDifference')}</dt>
                <dd data-testid="details-difference">
                  {differenceSentence(entry.difference)}{' '}
                  {t('difference.readings', {
                    before: credits(entry.difference.before),
                    after: credits(entry.difference.after),
                    expected: credits(entry.difference.expected),
                  })}
                </dd>
              </>
            )}
            {entry.chargeQuestion && (
              <>
                <dt>{t('ops.balanceDifference')}</dt>
                <dd data-testid="details-charge-question">{chargeQuestionText(entry.chargeQuestion)}</dd>
              </>
            )}
            <dt>{t('history.colCredits')}</dt>
            <dd>{credits(entry.cost)}</dd>
            {entry.paidAt !== null && (
              <>
                <dt>{t('history.paidAt')}</dt>
                <dd>{formatDay(entry.paidAt)}</dd>
              </>
            )}
            {entry.error && (
              <>
                <dt>{t('history.error')}</dt>
                <dd>{entry.error.message}</dd>
              </>
            )}
            {entry.pageUrl && (
              <>
                <dt>{t('history.page')}</dt>
                <dd>
                  {page ? (
                    <a href={page} target="_blank" rel="noopener noreferrer">
                      {t('history.openPage')}
                    </a>
                  ) : (
                    <span className="tree-text">{entry.pageUrl}</span>
                  )}
                </dd>
              </>
            )}
          </dl>
          {isLookupEntry(entry) && <RunAgain key={entry.id} entry={entry} />}
          {/* Who it was about, as the contact book knows them now; the entry's own answer below it, whole. */}
          {!isBalanceDifference(entry) && <AnswerCard
            key={entry.id}
            answer={answerOfEntry(entry)}
            askedKeys={requestKeysOf(entry)}
            fields={[
              { label: t('card.input'), value: entry.input },
              ...(entry.result !== undefined ? [{ label: t('card.allFields'), value: entry.result }] : []),
              // Kept as stored: an answer this release cannot read as its operation's result.
              ...(entry.unreadableResult !== undefined ? [{ label: t('history.unreadableResult'), value: entry.unreadableResult }] : []),
            ]}
          />}
          {!isBalanceDifference(entry) && entry.result === undefined && entry.unreadableResult === undefined && <p className="muted">{t('history.noResult')}</p>}
        </>
      )}
    </section>
  );
}
