import { nextTask } from '@/lib/ui/next-task';
import Papa from 'papaparse';
import { t } from '@/lib/i18n';
import { BULK_MAX_CELL, BULK_MAX_COLUMNS, BULK_MAX_ROWS } from '@/lib/bulk/model';

/**
 * A CSV file as people really have them: written by Excel in France (semicolons, Windows-1252),
 * by a CRM (commas, UTF-8 with a BOM), copied as tab-separated text, with line breaks inside
 * quoted cells. Read by papaparse a chunk at a time, the page getting a turn between chunks, so
 * a file of 10,000 rows never holds a frame for long. Papaparse's worker mode is not used: its
 * blob: worker is refused by the extension's content security policy.
 */

export interface CsvTable {
  /** One name per column, never empty ("Column 3" where the file had none). */
  headers: string[];
  /** Data rows, each exactly as long as `headers`. */
  rows: string[][];
  delimiter: ',' | ';' | '\t' | string;
  /** Empty lines (or lines of empty cells) left out; those after the last row are not counted. */
  skippedEmpty: number;
}

export type CsvParse = { ok: true; table: CsvTable } | { ok: false; message: string };

export interface CsvOptions {
  /** Data rows read so far, after each chunk. */
  onProgress?(rows: number): void;
  /** Stops the reading: parseCsv then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Characters per chunk (tests use small ones to cross chunk boundaries). */
  chunkSize?: number;
  /** How the page gets its turn between chunks (default: nextTask). */
  yieldToPage?: () => Promise<void>;
}


/** A chunk papaparse reads in a few milliseconds, well inside a frame. */
const CHUNK_SIZE = 128 * 1024;

/** Far more than 10,000 rows of any real list; a bigger file is refused before it is read. */
export const BULK_MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Said of a list longer than a run may be, wherever it came from. */
export function tooManyRowsMessage(): string {
  return t('bulk.csv.tooManyRows', { limit: BULK_MAX_ROWS });
}

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** Bytes decoded per task: a few milliseconds each, even for a file of many megabytes. */
const DECODE_CHUNK = 256 * 1024;

/** Decodes in slices, the page getting a turn between them; throws on bad bytes when `fatal`. */
async function decode(bytes: Uint8Array, encoding: string, fatal: boolean, pause: () => Promise<void>, signal?: AbortSignal): Promise<string> {
  const decoder = new TextDecoder(encoding, { fatal });
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += DECODE_CHUNK) {
    parts.push(decoder.decode(bytes.subarray(at, at + DECODE_CHUNK), { stream: at + DECODE_CHUNK < bytes.length }));
    await pause();
    signal?.throwIfAborted();
  }
  return parts.join('');
}

/** A file's text, whatever encoding a spreadsheet saved it in; or why it is not a CSV file. */
async function textOf(file: Blob, pause: () => Promise<void>, signal?: AbortSignal): Promise<{ text: string } | { message: string }> {
  if (file.size === 0) return { message: t('bulk.csv.empty') };
  if (file.size > BULK_MAX_FILE_BYTES) return { message: t('bulk.csv.tooLarge', { megabytes: BULK_MAX_FILE_BYTES / 1024 / 1024, limit: BULK_MAX_ROWS }) };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return { message: t('bulk.csv.unreadable', { detail: error instanceof Error ? error.message : String(error) }) };
  }
  // Workbooks (xlsx and ods are zip files, xls an OLE file) are the usual mistake: say what to do.
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) {
    const name = 'name' in file && typeof file.name === 'string' ? file.name : '';
    const workbook = /\.(xlsx?|xlsm|ods|numbers)$/i.test(name) || /sheet|excel|opendocument/i.test(file.type) || startsWith(bytes, 0xd0, 0xcf);
    return { message: t(workbook ? 'bulk.csv.spreadsheet' : 'bulk.csv.notText') };
  }
  // Excel's "Unicode text" is UTF-16 with a byte order mark.
  if (startsWith(bytes, 0xff, 0xfe)) return { text: await decode(bytes.subarray(2), 'utf-16le', false, pause, signal) };
  if (startsWith(bytes, 0xfe, 0xff)) return { text: await decode(bytes.subarray(2), 'utf-16be', false, pause, signal) };
  if (bytes.subarray(0, 4096).includes(0)) return { message: t('bulk.csv.notText') };
  try {
    return { text: await decode(bytes, 'utf-8', true, pause, signal) };
  } catch (error) {
    if (signal?.aborted) throw error;
    // Not UTF-8: what Excel on Windows writes in western Europe.
    return { text: await decode(bytes, 'windows-1252', false, pause, signal) };
  }
}

/** Text whose start is mostly control characters is a binary file that happens to decode. */
function looksBinary(text: string): boolean {
  const head = text.slice(0, 4096);
  // eslint-disable-next-line no-control-regex -- counting control characters is the test
  const controls = head.match(/[\u0000-\u0008\u000E-\u001F\uFFFD]/g)?.length ?? 0;
  return controls > Math.max(2, head.length / 100);
}

const cut = (cell: string) => (cell.length > BULK_MAX_CELL ? cell.slice(0, BULK_MAX_CELL) : cell);
const isEmptyRow = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/** Index after the last non-empty cell: trailing empty cells (spreadsheets pad rows) are not columns. */
function usedWidth(row: readonly string[]): number {
  let width = row.length;
  while (width > 0 && row[width - 1]!.trim() === '') width -= 1;
  return width;
}

/**
 * Reads a CSV file (a File or Blob in the page, a string or Blob in tests) into a table:
 * the first non-empty row is the header. More than BULK_MAX_ROWS data rows is refused as soon
 * as the row after the limit is read, and nothing is kept.
 */
export async function parseCsv(source: Blob | string, options: CsvOptions = {}): Promise<CsvParse> {
  const { signal } = options;
  const pause = options.yieldToPage ?? nextTask;
  signal?.throwIfAborted();
  const read = typeof source === 'string' ? { text: source } : await textOf(source, pause, signal);
  signal?.throwIfAborted();
  if ('message' in read) return { ok: false, message: read.message };
  // The decoder drops a UTF-8 BOM; a string may still start with one.
  const text = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
  if (!/\S/.test(text)) return { ok: false, message: t('bulk.csv.empty') };
  if (looksBinary(text)) return { ok: false, message: t('bulk.csv.notText') };
  return readTable(text, { ...options, yieldToPage: pause });
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter that splits the first rows most consistently into as many cells as the header
 * row has (at least two). Papaparse's own guess counts empty lines, which makes a two-column
 * file with a final line end look inconsistent, and it then falls back to a comma.
 */
export function guessDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: string; share: number; width: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter, preview: 20, skipEmptyLines: 'greedy' }).data;
    // The sample may end inside a row: its last row is not judged.
    const judged = rows.length > 2 && sample.length < text.length ? rows.slice(0, -1) : rows;
    const width = judged[0]?.length ?? 0;
    if (width < 2) continue;
    const share = judged.filter((row) => row.length === width).length / judged.length;
    if (!best || share > best.share || (share === best.share && width > best.width)) best = { delimiter, share, width };
  }
  return best?.delimiter ?? ',';
}

function readTable(text: string, options: CsvOptions & { yieldToPage: () => Promise<void> }): Promise<CsvParse> {
  const pause = options.yieldToPage;
  return new Promise<CsvParse>((resolve, reject) => {
    let headers: string[] | null = null;
    const rows: string[][] = [];
    let width = 0;
    let skippedEmpty = 0;
    /** Empty rows seen since the last data row: those at the very end are not counted. */
    let emptyRun = 0;
    let outcome: CsvParse | null = null;
    let failure: unknown = null;

    const stop = (parser: Papa.Parser, result: CsvParse | null, error: unknown = null) => {
      outcome = result;
      failure = error;
      parser.abort();
    };

    const delimiter = guessDelimiter(text);
    const config: Papa.ParseConfig<string[]> & StreamCallbacks = {
      chunkSize: options.chunkSize ?? CHUNK_SIZE,
      delimiter,
      skipEmptyLines: false,
      chunk(results, parser) {
        for (const raw of results.data) {
          if (isEmptyRow(raw)) {
            emptyRun += 1;
            continue;
          }
          if (!headers) {
            // Lines before the header are not rows of the list.
            const header = raw.map((cell) => cut(cell.trim()));
            headers = header;
            width = usedWidth(header);
            continue;
          }
          skippedEmpty += emptyRun;
          emptyRun = 0;
          if (rows.length === BULK_MAX_ROWS) return stop(parser, { ok: false, message: tooManyRowsMessage() });
          const row = raw.map(cut);
          const used = usedWidth(row);
          if (used > BULK_MAX_COLUMNS) return stop(parser, { ok: false, message: t('bulk.csv.tooManyColumns', { limit: BULK_MAX_COLUMNS }) });
          if (used > width) width = used;
          rows.push(row);
        }
        options.onProgress?.(rows.length);
        // The page's turn: input and a frame come before the next chunk.
        parser.pause();
        pause().then(
          () => {
            if (options.signal?.aborted) stop(parser, null, options.signal.reason);
            else parser.resume();
          },
          (error: unknown) => stop(parser, null, error),
        );
      },
      complete() {
        if (failure !== null) return reject(failure);
        if (outcome) return resolve(outcome);
        if (!headers) return resolve({ ok: false, message: t('bulk.csv.empty') });
        if (!rows.length) return resolve({ ok: false, message: t('bulk.csv.noRows') });
        if (width > BULK_MAX_COLUMNS) return resolve({ ok: false, message: t('bulk.csv.tooManyColumns', { limit: BULK_MAX_COLUMNS }) });
        resolve({ ok: true, table: shape(headers, rows, Math.max(width, 1), delimiter, skippedEmpty) });
      },
      error(error) {
        reject(error);
      },
    };
    // Papaparse streams a string in chunks as it streams a file; its types say so only of files.
    (Papa.parse as unknown as (input: string, config: Papa.ParseConfig<string[]> & StreamCallbacks) => void)(text, config);
  });
}

interface StreamCallbacks {
  chunkSize: number;
  chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser): void;
  complete(): void;
  error(error: Error): void;
}

/** Every row as wide as the widest one; columns without a name get one. */
function shape(headers: string[], rows: string[][], width: number, delimiter: string, skippedEmpty: number): CsvTable {
  const named = Array.from({ length: width }, (_, i) => headers[i] || t('bulk.csv.column', { number: i + 1 }));
  for (const row of rows) {
    if (row.length > width) row.length = width;
    while (row.length < width) row.push('');
  }
  return { headers: named, rows, delimiter, skippedEmpty };
}
