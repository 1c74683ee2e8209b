/**
 * Dates typed in a text field, in the order and with the separator of the interface's language
 * (31/12/2026 in French, 31.12.2026 in German, 12/31/2026 in English). Chromium's own date input
 * formats by the browser's locale, whatever the page's language, so a French Dossier in an
 * English browser showed mm/dd/yyyy: the fields take text, read through these. Days are
 * `YYYY-MM-DD` strings, as the filters keep them.
 */
type Part = 'day' | 'month' | 'year';

const OPTIONS: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };

function formatter(locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, OPTIONS);
}

/** The order of day, month and year in the language's short dates. */
export function dayOrder(locale: string): Part[] {
  return formatter(locale)
    .formatToParts(Date.UTC(2026, 11, 31))
    .map((part) => part.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function utc(year: number, month: number, day: number): number | null {
  const at = Date.UTC(year, month - 1, day);
  const date = new Date(at);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? at : null;
}

/** `2026-03-15` as the language writes it: `15/03/2026`, `15.03.2026`, `03/15/2026`. '' for none. */
export function formatDayInput(day: string, locale: string): string {
  const match = ISO_DAY.exec(day);
  const at = match ? utc(Number(match[1]), Number(match[2]), Number(match[3])) : null;
  return at === null ? '' : formatter(locale).format(at);
}

/**
 * What was typed, as a day: `{ day: '' }` for an empty field, null for text that is not a date of
 * the calendar in the language's order (a four-digit year; any of / . - or spaces between).
 * `2026-03-15` is read in every language.
 */
export function parseDayInput(text: string, locale: string): { day: string } | null {
  const trimmed = text.trim();
  if (!trimmed) return { day: '' };
  let numbers: Record<Part, string>;
  const iso = ISO_DAY.exec(trimmed);
  if (iso) numbers = { year: iso[1]!, month: iso[2]!, day: iso[3]! };
  else {
    const pieces = trimmed.split(/[\s./-]+/);
    const order = dayOrder(locale);
    if (pieces.length !== 3 || order.length !== 3 || !pieces.every((piece) => /^\d{1,4}$/.test(piece))) return null;
    numbers = Object.fromEntries(order.map((part, index) => [part, pieces[index]!])) as Record<Part, string>;
  }
  if (numbers.year.length !== 4 || numbers.day.length > 2 || numbers.month.length > 2) return null;
  const [year, month, day] = [Number(numbers.year), Number(numbers.month), Number(numbers.day)];
  if (utc(year, month, day) === null) return null;
  return { day: `${numbers.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}
