import '@/components/base.css';
import { drawHistoryFirstPaint, type HistoryFirstPaint } from '@/entrypoints/lookup-history/first-paint';
import { readHistoryFirstPaint } from '@/lib/history/page/first-read';
import { readKeyHint } from '@/lib/platform/ui/key-hint';
import { paintThenLoad, within } from '@/lib/platform/ui/first-paint-start';

/**
 * The history page's first paint comes from this small module alone (no React, no schemas, only
 * its own messages in each language): one read of the vault, the newest lookups drawn in plain
 * DOM, then the React page (app.tsx) loaded to take its place.
 */

/** Past this, the vault is waiting for something (the worker's first start after an update): React draws. */
const FIRST_READ_LIMIT_MS = 500;

async function firstPaint(root: HTMLElement): Promise<HistoryFirstPaint | null> {
  // No key saved, as far as this page knows (the React page says what to do), or a link to one
  // lookup (the React page opens its details beside the list).
  if (!readKeyHint() || location.hash.length > 1) return null;
  const read = await within(FIRST_READ_LIMIT_MS, readHistoryFirstPaint());
  const shown = read && drawHistoryFirstPaint(root, read);
  if (!shown) return null;
  // The first rows are on screen, and the filters take typing (scripts/bench/records.bench.ts).
  performance.mark('dossier:first-paint');
  performance.mark('dossier:interactive');
  return shown;
}

const root = document.getElementById('root')!;
paintThenLoad(() => firstPaint(root), async (shown) => (await import('@/entrypoints/lookup-history/app')).startHistoryPage(root, shown));
