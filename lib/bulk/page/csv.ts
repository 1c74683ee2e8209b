import { nextTask } from '@/lib/platform/ui/next-task';
import Papa from 'papaparse';
import { t } from '@/lib/platform/i18n';
import { BULK_MAX_CELL, BULK_MAX_COLUMNS, BULK_MAX_ROWS } from '@/lib/bulk/model';
import { firstRowLooksLikeData } from '@/lib/bulk/page/header-row';

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
  /** The first row's cells as read (not trimmed): the first person, when the file has no header row. */
  firstRow: string[];
  /** The first row looks like a person rather than column names (header-row.ts): the page asks. */
  firstRowLooksLikeData: boolean;
  /** Lines left out because they could not be read, in the file's order (at most MAX_BAD_LINES). */
  badLines: CsvBadLine[];
}

/** Why a line was left out: a quote that never closes, a quote in the middle of a cell, bytes that are not text. */
export type CsvLineProblem = 'openQuote' | 'strayQuote' | 'unreadable';

export interface CsvBadLine {
  /** The line in the file, from 1, as a text editor numbers it. */
  line: number;
  problem: CsvLineProblem;
}

/** "Line 3: a quote opens and never closes", in the user's language. */
export function badLineText(bad: CsvBadLine): string {
  return t(`bulk.csv.line.${bad.problem}`, { line: bad.line });
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
  const zero = bytes.subarray(0, 4096).indexOf(0);
  if (zero >= 0) return { message: notTextAt(lineOfByte(bytes, zero)) };
  try {
    return { text: await decode(bytes, 'utf-8', true, pause, signal) };
  } catch (error) {
    if (signal?.aborted) throw error;
    // UTF-8 with a few damaged bytes keeps its accents (the damaged lines are listed); a file
    // with no UTF-8 at all is what Excel on Windows writes in western Europe.
    const loose = await decode(bytes, 'utf-8', false, pause, signal);
    if (mostlyUtf8(loose)) return { text: loose };
    return { text: await decode(bytes, 'windows-1252', false, pause, signal) };
  }
}

/** The line (from 1) a byte is on. */
function lineOfByte(bytes: Uint8Array, at: number): number {
  let line = 1;
  for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/** Text decoded loosely as UTF-8 holds more real accented letters than bytes it could not read. */
function mostlyUtf8(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- counting what is not ASCII is the test
  const nonAscii = text.match(/[^\u0000-\u007F]/g) ?? [];
  const bad = nonAscii.filter((c) => c === '\uFFFD').length;
  return nonAscii.length - bad > bad;
}

/** A refused file, with the line where it stops being text. */
const notTextAt = (line: number) => t('bulk.csv.notTextAt', { line });

/** What text never holds: control characters, and what the decoder could not read. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNREADABLE = /[\u0000-\u0008\u000E-\u001F\uFFFD]/;
// eslint-disable-next-line no-control-regex -- counting control characters is the test
const UNREADABLE_ALL = /[\u0000-\u0008\u000E-\u001F\uFFFD]/g;

/** Text whose start is mostly control characters is a binary file that happens to decode. */
function looksBinary(text: string): boolean {
  const head = text.slice(0, 4096);
  const controls = head.match(UNREADABLE_ALL)?.length ?? 0;
  return controls > Math.max(2, head.length / 100);
}

/** The line (from 1) of the first unreadable character. */
function firstUnreadableLine(text: string): number {
  const at = text.search(UNREADABLE);
  return at < 0 ? 1 : 1 + (text.slice(0, at).match(LINE_BREAK)?.length ?? 0);
}

/** A line break as a text editor counts them. */
const LINE_BREAK = /\r\n|\n|\r/g;

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
 * the first non-empty row is the header (or, the user says so, the first person: asHeaderless).
 * Lines that cannot be read (a broken quote, bytes that are not text) are left out and listed
 * with their line; the others stay. More than BULK_MAX_ROWS data rows is refused as soon as
 * the row after the limit is read, and nothing is kept.
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
  if (looksBinary(text)) return { ok: false, message: notTextAt(firstUnreadableLine(text)) };
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

/** More lines that cannot be read than this, and the file is not taken for a list. */
export const MAX_BAD_LINES = 500;

/** The line break papaparse is told to use: the first one in the file. */
function lineEnd(text: string): '\r\n' | '\n' | '\r' {
  const lf = text.indexOf('\n');
  const cr = text.indexOf('\r');
  if (lf < 0) return cr < 0 ? '\n' : '\r';
  if (cr >= 0 && cr < lf) return cr === lf - 1 ? '\r\n' : '\r';
  return '\n';
}

/** Lines a row spans: one, plus the line breaks kept inside its (quoted) cells. */
function linesOf(raw: readonly string[]): number {
  let lines = 1;
  for (const cell of raw) if (cell.length > 0 && /[\r\n]/.test(cell)) lines += cell.match(LINE_BREAK)!.length;
  return lines;
}

/** Where each line starts, found going forwards only (lines asked for never go back). */
function lineStarts(text: string): (line: number) => number {
  let known = { line: 1, at: 0 };
  return (line) => {
    const breaks = new RegExp(LINE_BREAK.source, 'g');
    breaks.lastIndex = known.at;
    while (known.line < line) {
      const found = breaks.exec(text);
      if (!found) return text.length;
      known = { line: known.line + 1, at: found.index + found[0].length };
    }
    return known.at;
  };
}

interface TableState {
  headers: string[] | null;
  firstRow: string[];
  rows: string[][];
  width: number;
  skippedEmpty: number;
  /** Empty rows seen since the last data row: those at the very end are not counted. */
  emptyRun: number;
  badLines: CsvBadLine[];
}

/** How one pass of papaparse ended: the file's end, a refusal, or a broken quote on a line. */
type PassEnd = { kind: 'end' } | { kind: 'refused'; result: CsvParse } | { kind: 'quote'; line: number; problem: CsvLineProblem };

/**
 * Reads the file in passes: papaparse reads until a quote breaks a row; that row's first line
 * is listed and the next pass starts on the line after it, so one stray quote costs one line,
 * not the rest of the file.
 */
async function readTable(text: string, options: CsvOptions & { yieldToPage: () => Promise<void> }): Promise<CsvParse> {
  const delimiter = guessDelimiter(text);
  const newline = lineEnd(text);
  const startOf = lineStarts(text);
  const state: TableState = { headers: null, firstRow: [], rows: [], width: 0, skippedEmpty: 0, emptyRun: 0, badLines: [] };
  for (let line = 1; ; ) {
    const from = startOf(line);
    if (from >= text.length) break;
    const end = await readPass(text.slice(from), line, state, { ...options, delimiter, newline });
    if (end.kind === 'refused') return end.result;
    if (end.kind === 'end') break;
    state.badLines.push({ line: end.line, problem: end.problem });
    if (state.badLines.length > MAX_BAD_LINES) return { ok: false, message: t('bulk.csv.tooManyBadLines', { count: MAX_BAD_LINES }) };
    line = end.line + 1;
  }
  const { headers, rows, width } = state;
  if (!headers) return { ok: false, message: state.badLines.length ? badLineText(state.badLines[0]!) : t('bulk.csv.empty') };
  const looksLikeData = firstRowLooksLikeData(state.firstRow, rows);
  // A file of one person and no header row is a list of one: the page asks about it.
  if (!rows.length && !looksLikeData) return { ok: false, message: t('bulk.csv.noRows') };
  if (width > BULK_MAX_COLUMNS) return { ok: false, message: t('bulk.csv.tooManyColumns', { limit: BULK_MAX_COLUMNS }) };
  const table = shape(headers, rows, Math.max(width, 1), delimiter, state.skippedEmpty);
  return { ok: true, table: { ...table, firstRow: state.firstRow, firstRowLooksLikeData: looksLikeData, badLines: state.badLines } };
}

function readPass(
  text: string,
  firstLine: number,
  state: TableState,
  options: CsvOptions & { yieldToPage: () => Promise<void>; delimiter: string; newline: string },
): Promise<PassEnd> {
  const pause = options.yieldToPage;
  return new Promise<PassEnd>((resolve, reject) => {
    let line = firstLine;
    let outcome: PassEnd | null = null;
    let failure: unknown = null;

    const stop = (parser: Papa.Parser, end: PassEnd | null, error: unknown = null) => {
      outcome = end;
      failure = error;
      parser.abort();
    };
    const refuse = (parser: Papa.Parser, message: string) => stop(parser, { kind: 'refused', result: { ok: false, message } });

    const config: Papa.ParseConfig<string[]> & StreamCallbacks = {
      chunkSize: options.chunkSize ?? CHUNK_SIZE,
      delimiter: options.delimiter,
      newline: options.newline as Papa.ParseConfig['newline'],
      skipEmptyLines: false,
      chunk(results, parser) {
        // A quote error names the row of this chunk it broke; one on the row still being read
        // (past the chunk's rows) is told again once that row is whole.
        const broken = new Map<number, CsvLineProblem>();
        for (const error of results.errors) {
          if (error.type !== 'Quotes' || typeof error.row !== 'number' || error.row >= results.data.length || broken.has(error.row)) continue;
          broken.set(error.row, error.code === 'MissingQuotes' ? 'openQuote' : 'strayQuote');
        }
        for (const [i, raw] of results.data.entries()) {
          const at = line;
          line += linesOf(raw);
          const problem = broken.get(i);
          if (problem) return stop(parser, { kind: 'quote', line: at, problem });
          if (isEmptyRow(raw)) {
            state.emptyRun += 1;
            continue;
          }
          if (raw.some((cell) => UNREADABLE.test(cell))) {
            state.badLines.push({ line: at, problem: 'unreadable' });
            if (state.badLines.length > MAX_BAD_LINES) return refuse(parser, t('bulk.csv.tooManyBadLines', { count: MAX_BAD_LINES }));
            continue;
          }
          if (!state.headers) {
            // Lines before the header are not rows of the list.
            state.firstRow = raw.map(cut);
            state.headers = raw.map((cell) => cut(cell.trim()));
            state.width = usedWidth(state.headers);
            continue;
          }
          state.skippedEmpty += state.emptyRun;
          state.emptyRun = 0;
          if (state.rows.length === BULK_MAX_ROWS) return refuse(parser, tooManyRowsMessage());
          const row = raw.map(cut);
          const used = usedWidth(row);
          if (used > BULK_MAX_COLUMNS) return refuse(parser, t('bulk.csv.tooManyColumns', { limit: BULK_MAX_COLUMNS }));
          if (used > state.width) state.width = used;
          state.rows.push(row);
        }
        options.onProgress?.(state.rows.length);
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
        resolve(outcome ?? { kind: 'end' });
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
function shape(headers: string[], rows: string[][], width: number, delimiter: string, skippedEmpty: number): Omit<CsvTable, 'firstRow' | 'firstRowLooksLikeData' | 'badLines'> {
  const named = Array.from({ length: width }, (_, i) => headers[i] || t('bulk.csv.column', { number: i + 1 }));
  for (const row of rows) {
    if (row.length > width) row.length = width;
    while (row.length < width) row.push('');
  }
  return { headers: named, rows, delimiter, skippedEmpty };
}

/**
 * The table read again with its first row as the first person (the user said the file has no
 * header row): columns named "Column 1", "Column 2"..., the first row's cells as read.
 */
export function asHeaderless(table: CsvTable): CsvTable {
  const rows = [table.firstRow, ...table.rows].map((row) => [...row]);
  const width = Math.max(1, table.headers.length, ...rows.map(usedWidth));
  const headers = Array.from({ length: width }, () => '');
  return { ...table, ...shape(headers, rows, width, table.delimiter, table.skippedEmpty), firstRow: [], firstRowLooksLikeData: false };
}
