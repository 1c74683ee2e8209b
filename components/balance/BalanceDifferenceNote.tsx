import { t } from '@/lib/platform/i18n';
import { formatDateTime, formatTime } from '@/lib/platform/i18n/relative-time';
import { sendMessage } from '@/lib/contracts/messenger';
import type { HistoryEntry } from '@/lib/history/entry';
import type { BalanceDifferenceNotice } from '@/lib/balance/contract';
import { credits } from '@/components/lookup/price';
import { historyUrl } from '@/lib/history/page/url';
import { ask } from '@/components/platform/useBackground';

/** Times of one day as hours; across days with their dates. */
function span(from: number, to: number): { from: string; to: string } {
  const sameDay = new Date(from).toDateString() === new Date(to).toDateString();
  return sameDay ? { from: formatTime(from), to: formatTime(to) } : { from: formatDateTime(from), to: formatDateTime(to) };
}

/** The sentence a balance difference is told in, wherever it is shown. */
export function differenceSentence(difference: Pick<BalanceDifferenceNotice, 'cause' | 'credits' | 'from' | 'to'>): string {
  return t(`difference.${difference.cause}`, { credits: credits(difference.credits), ...span(difference.from, difference.to) });
}

/** What a lookup that a balance difference names says of it (its row, its details). */
export function chargeQuestionText(question: NonNullable<HistoryEntry['chargeQuestion']>): string {
  return question.cause === 'repeat'
    ? t('chargeQuestion.repeat', { credits: credits(question.credits), time: formatDateTime(question.at) })
    : t('chargeQuestion.unclear', { time: formatDateTime(question.at) });
}

/**
 * Beside the balance (the popup, the settings): the last difference the balance showed against
 * Dossier's lookups, with the way to its entry in history, until the user has seen it.
 */
export function BalanceDifferenceNote({ difference }: { difference: BalanceDifferenceNotice }) {
  const added = difference.cause === 'added';
  return (
    <div className={added ? 'difference-note' : 'difference-note warning'} role="status" data-testid="balance-difference">
      <p>{differenceSentence(difference)}</p>
      <p className="difference-actions">
        <a href={historyUrl(difference.historyId)} target="_blank" rel="noopener">
          {t('difference.seeHistory')}
        </a>
        <button
          type="button"
          className="link-button"
          onClick={() => void ask(() => sendMessage('dismissBalanceDifference', { historyId: difference.historyId }))}
        >
          {t('difference.dismiss')}
        </button>
      </p>
    </div>
  );
}
