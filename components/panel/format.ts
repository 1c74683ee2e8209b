import { t, tn } from '@/lib/i18n';
import type { Preview } from '@/lib/lookup/service';

export function credits(n: number): string {
  return tn('credits', n);
}

export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** What the button says about money before the click. */
export function priceLabel(preview: Preview | undefined): string {
  if (!preview) return t('panel.checkingPrice');
  if (preview.refused) return t('panel.notAvailable');
  if (preview.inLedger) return t('panel.inLedger', { date: formatDate(preview.inLedger.paidAt) });
  return preview.price === 0 ? t('cost.free') : t('cost.upTo', { credits: credits(preview.price) });
}
