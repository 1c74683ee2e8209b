import { t, tn } from '@/lib/platform/i18n';
import { formatDay } from '@/lib/platform/i18n/relative-time';
import type { Preview } from '@/lib/lookup/contract';

export function credits(n: number): string {
  return tn('credits', n);
}

/** In the interface's language, as every other date Dossier shows (not the browser's). */
export function formatDate(ms: number): string {
  return formatDay(ms);
}

/** What the button says about money before the click. */
export function priceLabel(preview: Preview | undefined): string {
  if (!preview) return t('panel.checkingPrice');
  if (preview.refused) return t('panel.notAvailable');
  if (preview.inLedger) return t('panel.inLedger', { date: formatDate(preview.inLedger.paidAt) });
  return preview.price === 0 ? t('cost.free') : t('cost.upTo', { credits: credits(preview.price) });
}
