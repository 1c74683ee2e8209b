import type { Preview } from '@/lib/lookup/service';

export function credits(n: number): string {
  return `${n} credit${n === 1 ? '' : 's'}`;
}

export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** What the button says about money before the click. */
export function priceLabel(preview: Preview | undefined): string {
  if (!preview) return 'checking price…';
  if (preview.refused) return 'not available';
  if (preview.inLedger) return `already looked up on ${formatDate(preview.inLedger.paidAt)}: free`;
  return preview.price === 0 ? 'free' : `up to ${credits(preview.price)}`;
}
