/**
 * Exports are opened in spreadsheets, and their cells hold page text and gateway data: a cell
 * that starts with = + - @ (or a tab or CR before one) may be run as a formula
 * (`=HYPERLINK(…)`, `=cmd|…`). A quote in front makes it text.
 *
 * Every line is checked, not only the first: a quoted cell may hold line breaks, and an
 * importer that splits on them (or a user pasting the cell) sees each line as a cell of its
 * own. papaparse's own `escapeFormulae` tests the first line only, and not even that when
 * another line follows (its pattern ends in `.*$` without the multiline flag).
 */
const TRIGGER = /[=+\-@\t\r]/;

/** An E.164 number or a list of them (`+33123456789; +14155550110`): data a CRM import must read as it is. */
const PHONE_LIST = /^\+\d{5,15}(?:; \+\d{5,15})*$/;

export interface FormulaOptions {
  /** Leave lines that are only E.164 phone numbers as they are (contact exports). */
  keepPhoneNumbers?: boolean;
}

/** A trigger at the start of the cell or of one of its lines: most cells have none, and are returned as they are. */
const TRIGGER_AT_LINE_START = /(?:^|[\n\r])[=+\-@\t\r]/;

export function neutraliseFormulae(cell: string, options: FormulaOptions = {}): string {
  // An export of 100,000 contacts has a million cells: only those that need a quote are walked.
  if (!TRIGGER_AT_LINE_START.test(cell)) return cell;
  let out = '';
  let lineStart = true;
  for (let i = 0; i < cell.length; i += 1) {
    const char = cell[i]!;
    if (lineStart && TRIGGER.test(char) && !(options.keepPhoneNumbers && PHONE_LIST.test(lineFrom(cell, i)))) out += "'";
    out += char;
    // A CR is itself a trigger at a line's start, and starts a new line after it (CRLF counts once).
    lineStart = char === '\n' || (char === '\r' && cell[i + 1] !== '\n');
  }
  return out;
}

function lineFrom(text: string, start: number): string {
  const end = text.slice(start).search(/[\r\n]/);
  return end === -1 ? text.slice(start) : text.slice(start, start + end);
}

/** A row's cells, strings neutralised; numbers and booleans are written as values and never run. */
export function neutraliseRow(row: readonly unknown[], options: FormulaOptions = {}): unknown[] {
  return row.map((cell) => (typeof cell === 'string' ? neutraliseFormulae(cell, options) : cell));
}
