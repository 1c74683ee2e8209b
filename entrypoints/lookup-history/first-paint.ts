import { columnWidths, ROW_HEIGHT, rowsFromTop } from '@/components/history/table-layout';
import { HISTORY_OPERATIONS, operationLabel } from '@/components/lookup/price';
import { personLabel } from '@/lib/book/naming';
import type { HistoryEntry } from '@/lib/history/entry';
import { historyFirstStateOf, type HistoryFirstReadRaw } from '@/lib/history/page/first-read';
import { OUTCOMES } from '@/lib/history/outcomes';
import { whoOfEntry } from '@/lib/history/who';
import type { Catalog } from '@/lib/platform/i18n/catalog';
import { formatDayInput } from '@/lib/platform/i18n/day-input';
import { deFirstPaint } from '@/lib/platform/i18n/first-paint/de';
import { enFirstPaint } from '@/lib/platform/i18n/first-paint/en';
import { esFirstPaint } from '@/lib/platform/i18n/first-paint/es';
import { frFirstPaint } from '@/lib/platform/i18n/first-paint/fr';
import { deHistoryFirstPaint } from '@/lib/platform/i18n/first-paint/history-de';
import { enHistoryFirstPaint } from '@/lib/platform/i18n/first-paint/history-en';
import { esHistoryFirstPaint } from '@/lib/platform/i18n/first-paint/history-es';
import { frHistoryFirstPaint } from '@/lib/platform/i18n/first-paint/history-fr';
import { type Locale } from '@/lib/platform/i18n/locales';
import { formatDateTime } from '@/lib/platform/i18n/relative-time';
import { currentLocale, t } from '@/lib/platform/i18n/translate';
import { applyThemeChoice, themeOf } from '@/lib/settings/theme-choice';
import { h } from '@/lib/platform/ui/dom';
import { keepPresses } from '@/lib/platform/ui/handover';
import { installFirstPaintMessages } from '@/lib/platform/i18n/first-paint/install';

/**
 * The history page as its React page (HistoryPage.tsx) draws it once the newest lookups are read,
 * drawn without React from one read of the vault: the title, the filters, the actions and the
 * first screenful of rows, newest first, with the same elements, classes and words, so that the
 * React page takes its place unseen (lib/platform/ui/handover.ts). What is typed into the filters goes
 * over; the rows' Details buttons answer once the React page is in: a press before is pressed again then.
 */

const CATALOGS: Record<Locale, Partial<Catalog>> = {
  en: { ...enFirstPaint, ...enHistoryFirstPaint },
  fr: { ...frFirstPaint, ...frHistoryFirstPaint },
  de: { ...deFirstPaint, ...deHistoryFirstPaint },
  es: { ...esFirstPaint, ...esHistoryFirstPaint },
};

/** As a React style prop writes them, in its order: custom properties through setProperty, the rest by name. */
function styled<E extends HTMLElement>(element: E, style: Record<string, string>): E {
  for (const [name, value] of Object.entries(style)) {
    if (name.startsWith('--')) element.style.setProperty(name, value);
    else element.style[name as 'top'] = value;
  }
  return element;
}

/** A day field as DayField draws it empty: its example above it. */
function dayField(id: string, label: string): HTMLElement {
  const example = formatDayInput(`${new Date().getFullYear()}-12-31`, currentLocale());
  return h(
    'div',
    { class: 'field day-field' },
    h('label', { for: id }, label),
    h('span', { id: `${id}-hint`, class: 'muted' }, t('history.dateExample', { example })),
    h('input', { id, inputmode: 'numeric', autocomplete: 'off', size: '12', 'aria-describedby': `${id}-hint`, type: 'text', value: '' }),
  );
}

const select = (id: string, options: readonly [string, string][]) =>
  h('select', { id }, h('option', { value: '' }, t('history.any')), ...options.map(([value, label]) => h('option', { value }, label)));

/** As HistoryToolbar draws it with no filter. */
function toolbar(): HTMLElement {
  return h(
    'div',
    { class: 'filters', role: 'search' },
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'first-paint-search' }, t('history.search')),
      h('input', { id: 'first-paint-search', placeholder: t('history.searchPlaceholder'), type: 'search', value: '' }),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'first-paint-op' }, t('history.operation')),
      select('first-paint-op', HISTORY_OPERATIONS.map((op) => [op, operationLabel(op)])),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'first-paint-outcome' }, t('history.outcome')),
      select('first-paint-outcome', OUTCOMES.map((outcome) => [outcome, t(`outcome.${outcome}`)])),
    ),
    dayField('first-paint-from', t('history.from')),
    dayField('first-paint-to', t('history.to')),
  );
}

/** The export and delete buttons, nothing selected yet; they act once the React page is in. */
function actions(total: number): HTMLElement {
  return h(
    'p',
    { class: 'actions' },
    h('button', { type: 'button' }, t('history.exportCsv')),
    h('button', { type: 'button', class: 'secondary' }, t('history.exportJson')),
    h('button', { type: 'button', class: 'danger', disabled: true }, t('history.deleteSelected', { count: 0 })),
    h('button', { type: 'button', class: 'danger', disabled: total === 0 }, t('history.deleteAll')),
  );
}

/** One row as HistoryTable draws it before the contact book has named anyone. */
function row(entry: HistoryEntry, index: number): HTMLElement {
  const who = whoOfEntry(entry);
  const name = who ? personLabel(who.name, who.company) : entry.subject;
  const outcome = t(`outcome.${entry.outcome}`);
  const cell = (kind: string, title: string | undefined, ...children: (Node | string | false)[]) => h('span', { role: 'cell', class: kind, title }, ...children);
  return styled(
    h(
      'div',
      { role: 'row', 'aria-rowindex': String(index + 2), class: 'vrow' },
      cell('c-select', undefined, h('input', { 'aria-label': t('history.select', { subject: name }), type: 'checkbox' })),
      cell('c-time', undefined, formatDateTime(entry.at)),
      cell('c-op', operationLabel(entry.op), operationLabel(entry.op)),
      cell(
        'c-subject',
        entry.subject,
        h('span', { class: 'c-subject-name', title: name }, name),
        name !== entry.subject && h('span', { class: 'muted c-subject-asked', 'aria-hidden': 'true', title: entry.subject }, entry.subject),
      ),
      cell('c-outcome', entry.error ? `${outcome}: ${entry.error.message}` : outcome, outcome),
      cell('c-credits', undefined, String(entry.cost)),
      cell('c-details', undefined, h('button', { type: 'button', class: 'link-button', 'aria-label': t('history.detailsOf', { subject: name }) }, t('history.details'))),
    ),
    { position: 'absolute', top: '0', left: '0', right: '0', height: `${ROW_HEIGHT}px`, transform: `translateY(${index * ROW_HEIGHT}px)` },
  );
}

/** The table's header and body, its rows apart: how many it shows is known once it is laid out. */
function table(entries: readonly HistoryEntry[], total: number): { table: HTMLElement; body: HTMLElement; rows: HTMLElement[] } {
  const header = (kind: string, content: Node | string) => h('span', { role: 'columnheader', class: kind }, content);
  const body = styled(h('div', { role: 'presentation' }), { height: `${entries.length * ROW_HEIGHT}px`, position: 'relative' });
  const table = styled(
    h(
      'div',
      { role: 'table', 'aria-label': t('history.table'), 'aria-rowcount': String(total + 1), class: 'vtable' },
      h(
        'div',
        { role: 'rowgroup' },
        h(
          'div',
          { role: 'row', 'aria-rowindex': '1', class: 'vrow vhead' },
          header('c-select', h('input', { 'aria-label': t('history.selectAll'), type: 'checkbox' })),
          header('c-time', t('history.colTime')),
          header('c-op', t('history.colOperation')),
          header('c-subject', t('history.colSubject')),
          header('c-outcome', t('history.colOutcome')),
          header('c-credits', t('history.colCredits')),
          header('c-details', t('history.colDetails')),
        ),
      ),
      h('div', { role: 'rowgroup', class: 'vbody' }, body),
    ),
    columnWidths(),
  );
  // No more rows than the window could show, before any layout is asked for: the body, inside the
  // window, shows fewer (drawHistoryFirstPaint), and building all fifty cost a third of the paint.
  return { table, body, rows: entries.slice(0, rowsFromTop(window.innerHeight, entries.length)).map(row) };
}

export interface HistoryFirstPaint {
  /** The size of the table's body, for the React table drawn aside to draw the same rows; none when there is no table. */
  tableRect?: { width: number; height: number };
}

/**
 * Draws the page into `root` and says what it drew, or null when it did not: when the page has
 * to show something only the React page draws (a move of an older history, a record that does
 * not read plainly, a balance check). The theme and the language are put in place either way.
 */
export function drawHistoryFirstPaint(root: HTMLElement, read: HistoryFirstReadRaw): HistoryFirstPaint | null {
  applyThemeChoice(document.documentElement, themeOf(read.items.theme));
  const locale = installFirstPaintMessages(read.items.language, CATALOGS);
  const state = historyFirstStateOf(read);
  if (!state) return null;
  const { entries, total } = state;
  let parts: HTMLElement[];
  let list: ReturnType<typeof table> | null = null;
  try {
    const head = [h('h1', {}, t('app.historyTitle')), toolbar(), actions(total)];
    if (!entries.length) parts = [...head, h('p', {}, t('history.empty'))];
    else {
      list = table(entries, total);
      const shown = h('p', { class: 'muted', 'aria-live': 'polite' }, t('history.shown', { shown: total, total }));
      parts = [...head, h('div', { class: 'history-layout' }, h('div', {}, shown, list.table))];
    }
  } catch {
    // A record that reads plainly but not as the rows expect it: the React page reads it through its schemas.
    return null;
  }
  document.documentElement.lang = locale;
  document.title = t('page.title.history');
  root.replaceChildren(...parts);
  keepPresses(root, '.c-details button');
  if (!list) return {};
  // Laid out now: as many rows as the virtual table draws for this height.
  const scroller = list.body.parentElement!;
  list.body.append(...list.rows.slice(0, rowsFromTop(scroller.clientHeight, entries.length)));
  return { tableRect: { width: scroller.clientWidth, height: scroller.clientHeight } };
}
