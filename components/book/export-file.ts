import { exportBook, fileNameFor, type BookExportFormat, type ExportOptions } from '@/lib/book/page/export';
import { readInBatches } from '@/lib/book/page/search';
import { nextTask } from '@/lib/platform/ui/next-task';
import { saveBlob } from '@/components/platform/download';

/** Contacts read, written and handed to the Blob per batch: a batch stays well inside one frame. */
const BATCH = 250;

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
    pause: nextTask,
    onProgress,
  });
  saveBlob(new Blob(parts, { type }), filename);
  performance.mark('dossier:book-exported', { detail: { count: written } });
  return written;
}
