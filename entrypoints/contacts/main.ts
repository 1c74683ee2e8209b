import '@/components/base.css';
import '@/components/book/book.css';
import { drawBookFirstPaint } from '@/entrypoints/contacts/first-paint';
import { readBookFirst } from '@/lib/book/page/first-read';
import { readKeyHint } from '@/lib/platform/ui/key-hint';
import { paintThenLoad, within } from '@/lib/platform/ui/first-paint-start';

/**
 * The contact book's first paint comes from this small module alone (no React, no schemas, only
 * its own messages in each language): one read of the vault, the book's opening drawn in plain
 * DOM, then the React book (app.tsx) loaded to take its place.
 */

/**
 * Past this, the vault is waiting for something (the worker's first start after an update): React
 * draws. Longer than the popup's: React's own first rows wait for the same vault and read the same
 * records, so a slow read handed to React shows the rows later still, not sooner.
 */
const FIRST_READ_LIMIT_MS = 1500;

async function firstPaint(root: HTMLElement): Promise<boolean> {
  // No key saved, as far as this page knows: the React book says what to do above its rows.
  if (!readKeyHint()) return false;
  const read = await within(FIRST_READ_LIMIT_MS, readBookFirst());
  if (!read?.people || !drawBookFirstPaint(root, { read })) return false;
  // The rows are on screen (scripts/bench/contacts.bench.ts times the book's opening by this mark).
  performance.mark('dossier:first-paint');
  performance.mark('dossier:book-rows', { detail: { text: '', kind: 'person', rows: read.people.length } });
  return true;
}

const root = document.getElementById('root')!;
paintThenLoad(() => firstPaint(root), async (shown) => (await import('@/entrypoints/contacts/app')).startBook(root, shown));
