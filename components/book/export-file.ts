import { exportBook, fileNameFor, type BookExportFormat, type ExportOptions } from '@/lib/contacts/export';
import { readInBatches } from '@/lib/contacts/search';

/** Contacts read, written and handed to the Blob per batch: a batch stays well inside one frame. */
const BATCH = 250;

type Scheduler = { yield?: () => Promise<void> };

/**
 * Gives the page a turn: input and a frame can come before the next batch. scheduler.yield where
 * the browser has it; otherwise a message to ourselves, which (unlike a nested setTimeout) is
 * never clamped to 4 ms.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Hands a Blob to the browser's downloads. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Exports the selected contacts to a file without ever holding the page for long: read by
 * cursor in batches, each batch written as text, a turn for the page in between, then one Blob
 * of the parts (never one string of the whole file). Marks `dossier:book-exported` for the bench.
 */
export async function runBookExport(ids: readonly string[], format: BookExportFormat, options: ExportOptions, onProgress: (done: number) => void): Promise<number> {
  const { filename, mimeType } = fileNameFor(format, Date.now());
  const type = `${mimeType};charset=utf-8`;
  // Each part becomes a Blob at once: its text leaves the script heap, so the heap does not grow
  // by the file's size and no long garbage collection comes to pause the page.
  const parts: Blob[] = [];
  const written = await exportBook({
    batches: readInBatches(ids, BATCH),
    format,
    options,
    write: (part) => parts.push(new Blob([part], { type })),
    pause: yieldToPage,
    onProgress,
  });
  save(new Blob(parts, { type }), filename);
  performance.mark('dossier:book-exported', { detail: { count: written } });
  return written;
}
