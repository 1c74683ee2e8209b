import { OUTCOMES } from '@/lib/history/outcomes';
import { t } from '@/lib/platform/i18n/translate';
import { HISTORY_OPERATIONS, operationLabel } from '@/components/lookup/price';

/**
 * The history table's geometry, shared by the React table (HistoryTable.tsx) and the page's first
 * paint (entrypoints/lookup-history/first-paint.ts), which draws the rows the table will draw.
 * No React here, nor the virtualizer: the first paint loads neither.
 */

export const ROW_HEIGHT = 40;
/** Rows drawn beyond those in view, each way. */
export const OVERSCAN = 12;

/**
 * The rows the virtualizer draws from the top of a list of `count` rows in a body `height` pixels
 * high (@tanstack/virtual-core's range: up to the first row that reaches the bottom, then the
 * overscan): the first paint draws exactly these.
 */
export function rowsFromTop(height: number, count: number): number {
  const lastInView = Math.max(0, Math.ceil(height / ROW_HEIGHT) - 1);
  return Math.min(count, lastInView + 1 + OVERSCAN);
}

/**
 * The short columns as wide as their longest word in the interface's language (a header, an
 * operation, an outcome), never narrower than English needs: every row is its own grid (the list
 * is virtual), so widths cannot follow the content and must be known up front. `ch` is a digit's
 * width; letters run a little wider, hence the margin.
 */
export function columnWidths(): Record<'--col-op' | '--col-outcome' | '--col-credits' | '--col-details', string> {
  // Up to a ceiling, so that the name keeps its room; past it a value shortens, whole on hover.
  const widest = (texts: readonly string[], floorEm: number, ceilingEm: number) =>
    `min(${ceilingEm}em, max(${floorEm}em, ${Math.ceil(Math.max(...texts.map((text) => text.length)) * 1.15) + 2}ch))`;
  return {
    '--col-op': widest([t('history.colOperation'), ...HISTORY_OPERATIONS.map(operationLabel)], 11, 15),
    '--col-outcome': widest([t('history.colOutcome'), ...OUTCOMES.map((outcome) => t(`outcome.${outcome}`))], 10, 14),
    '--col-credits': widest([t('history.colCredits')], 5, 9),
    '--col-details': widest([t('history.colDetails'), t('history.details')], 6, 9),
  };
}
