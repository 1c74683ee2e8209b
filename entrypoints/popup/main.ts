import '@/components/base.css';
import { drawFirstPaint } from '@/entrypoints/popup/first-paint';
import { takeEarlyRead } from '@/lib/popup/early-read';
import { POPUP_HISTORY_SIZE, readFirstPaint } from '@/lib/popup/first-read';
import { readKeyHint } from '@/lib/ui/key-hint';
import { paintThenLoad, within } from '@/lib/ui/first-paint-start';

/**
 * The popup's first paint comes from this small module alone (no React, no schemas, only its own
 * messages in each language): one read of the vault, the popup drawn in plain DOM, then the React
 * popup (app.tsx) loaded to take its place.
 */

/** Past this, the vault is waiting for something (the worker's first start after an update): React draws. */
const FIRST_READ_LIMIT_MS = 500;

async function firstPaint(root: HTMLElement): Promise<boolean> {
  // No key saved, as far as this page knows: the React page says what to do.
  if (!readKeyHint()) return false;
  const windowId = within(FIRST_READ_LIMIT_MS, browser.windows.getCurrent().then((w) => w.id));
  const read = await within(FIRST_READ_LIMIT_MS, takeEarlyRead(() => readFirstPaint(POPUP_HISTORY_SIZE)));
  if (!read || !drawFirstPaint(root, { read, windowId: (await windowId) ?? undefined })) return false;
  // Drawn and usable: the box takes typing, the links and header buttons work (scripts/bench/popup.bench.ts).
  performance.mark('dossier:first-paint');
  performance.mark('dossier:interactive');
  return true;
}

const root = document.getElementById('root')!;
paintThenLoad(() => firstPaint(root), async (shown) => (await import('@/entrypoints/popup/app')).startPopup(root, shown));
