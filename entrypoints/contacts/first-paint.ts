import { bookRow, type BookRow } from '@/lib/book/page/row';
import { BOOK_OVERSCAN, bookFirstStateOf, type BookFirstRead, type BookFirstState } from '@/lib/book/page/first-read';
import type { CrmPresence } from '@/lib/book/model';
import type { CrmTarget } from '@/lib/crm/types';
import { formatDayInput } from '@/lib/platform/i18n/day-input';
import { deBookFirstPaint } from '@/lib/platform/i18n/first-paint/book-de';
import { enBookFirstPaint } from '@/lib/platform/i18n/first-paint/book-en';
import { esBookFirstPaint } from '@/lib/platform/i18n/first-paint/book-es';
import { frBookFirstPaint } from '@/lib/platform/i18n/first-paint/book-fr';
import { installFirstPaintMessages } from '@/lib/platform/i18n/first-paint/install';
import { formatDateTime } from '@/lib/platform/i18n/relative-time';
import { currentLocale, formatNumber, t, tn } from '@/lib/platform/i18n/translate';
import { applyThemeChoice, themeOf } from '@/lib/settings/theme-choice';
import { h } from '@/lib/platform/ui/dom';
import { keepPresses } from '@/lib/platform/ui/handover';
import { tabAfterKey } from '@/lib/platform/ui/tab-keys';

/**
 * The contact book as its React page (components/book/ContactBook.tsx) draws it once its first
 * rows, counts and tags are read, drawn without React from one read of the vault: the header,
 * the tabs with their counts, the search box and filters, and the rows in view, with the same
 * elements, classes and words, so that the React page can take its place unseen
 * (lib/platform/ui/handover.ts). The box takes typing and the boxes and lists take choices, all carried
 * over at the swap; what needs the React page (another tab, a row's details, a selection's
 * actions) answers once it is in, a moment later: a press on a tab or a name is pressed again then.
 */

const BOOK_CATALOGS = { en: enBookFirstPaint, fr: frBookFirstPaint, de: deBookFirstPaint, es: esBookFirstPaint };

/** As the React table (components/book/BookTable.tsx) and its virtualizer lay the rows out. */
const ROW_HEIGHT = 40;
const PEOPLE_COLUMNS = ['book.col.name', 'book.col.title', 'book.col.company', 'book.col.email', 'book.col.phone', 'book.col.crm', 'book.col.updated'] as const;
const COLUMN_CLASS: Partial<Record<(typeof PEOPLE_COLUMNS)[number], string>> = { 'book.col.email': 'c-email', 'book.col.phone': 'c-phone', 'book.col.updated': 'c-updated' };
/**
 * The toolbar's ids (React's are its own: ids only tie each label to its field). React writes an
 * input's `type` and `value` after its other attributes: so do these, for the same HTML.
 */
const ID = 'book-first';

/**
 * The rows the React table has in the DOM for a view `height` pixels high, scrolled to the top:
 * those in view and the virtualizer's overscan after them.
 */
export function rowsInView(height: number, count: number): number {
  if (count === 0) return 0;
  const lastInView = Math.min(count - 1, Math.max(0, Math.ceil(height / ROW_HEIGHT) - 1));
  return Math.min(count, lastInView + BOOK_OVERSCAN + 1);
}

/** components/book/text.ts's crmText, with the CRM names this page carries. */
function crmText(crm: CrmPresence | null): string {
  if (!crm) return t('book.crm.unchecked');
  const key = `crm.target.${crm.crm}`;
  const name = key in enBookFirstPaint ? t(key as `crm.target.${CrmTarget}`) : crm.crm;
  return crm.found ? t('book.crm.in', { crm: name }) : t('book.crm.out', { crm: name });
}

function header({ counts }: BookFirstState): HTMLElement {
  return h('header', { class: 'bar' }, h('h1', {}, t('app.bookTitle')), h('span', { class: 'muted' }, tn('book.size', counts.person + counts.company)));
}

function tabs({ counts }: BookFirstState): HTMLElement {
  const tab = (kind: 'person' | 'company', label: string) =>
    h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `book-tab-${kind}`,
        'aria-selected': String(kind === 'person'),
        'aria-controls': `book-panel-${kind}`,
        tabindex: kind === 'person' ? '0' : '-1',
        class: 'book-tab',
      },
      label,
      ' ',
      h('span', { class: 'book-tab-count' }, formatNumber(counts[kind])),
    );
  const list = h('div', { role: 'tablist', 'aria-label': t('book.kinds'), class: 'book-tabs' }, tab('person', t('book.tab.people')), tab('company', t('book.tab.companies')));
  list.addEventListener('keydown', moveBetweenTabs);
  return list;
}

/**
 * Left and Right (Home, End) between the tabs, as the React book has them (BookTabs.tsx): the
 * focus goes to the tab reached, and the tab is pressed, a press the React book makes again
 * once it is in (keepPresses): the first paint holds the people only. A key pressed while the
 * React book is on its way is not lost.
 */
function moveBetweenTabs(event: KeyboardEvent): void {
  const list = event.currentTarget as HTMLElement;
  const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
  const reached = tabAfterKey(event.key, tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true'), tabs.length);
  const next = reached === undefined ? undefined : tabs[reached];
  if (!next) return;
  event.preventDefault();
  next.focus();
  next.click();
}

/** As BookToolbar draws it on the People tab with no filter, DayField's example included. */
function toolbar(tags: readonly string[]): HTMLElement {
  const example = formatDayInput(`${new Date().getFullYear()}-12-31`, currentLocale());
  const check = (name: string, label: string) =>
    h('span', { class: 'inline' }, h('input', { id: `${ID}-${name}`, type: 'checkbox' }), h('label', { for: `${ID}-${name}` }, label));
  return h(
    'div',
    { class: 'book-toolbar' },
    h(
      'div',
      { class: 'field book-search' },
      h('label', { for: `${ID}-q` }, t('book.search')),
      h('input', { id: `${ID}-q`, placeholder: t('book.searchPlaceholder'), autocomplete: 'off', type: 'search', value: '' }),
    ),
    h(
      'fieldset',
      { class: 'filters book-filters' },
      h('legend', {}, t('book.filters')),
      check('verified', t('book.filter.verifiedEmail')),
      check('mobile', t('book.filter.mobile')),
      check('moved', t('book.filter.changedJobs')),
      h(
        'span',
        { class: 'field' },
        h('label', { for: `${ID}-crm` }, t('book.filter.crm')),
        h(
          'select',
          { id: `${ID}-crm` },
          h('option', { value: '' }, t('book.filter.crmAny')),
          h('option', { value: 'in' }, t('book.filter.crmIn')),
          h('option', { value: 'out' }, t('book.filter.crmOut')),
        ),
      ),
      h(
        'span',
        { class: 'field' },
        h('label', { for: `${ID}-tag` }, t('book.filter.tag')),
        h('select', { id: `${ID}-tag` }, h('option', { value: '' }, t('book.filter.tagAny')), ...tags.map((tag) => h('option', { value: tag }, tag))),
      ),
      h(
        'span',
        { class: 'field' },
        h('label', { for: `${ID}-fresh` }, t('book.filter.freshness')),
        h(
          'select',
          { id: `${ID}-fresh` },
          h('option', { value: '' }, t('book.filter.freshnessAny')),
          h('option', { value: 'ageing' }, t('book.filter.ageingOrStale')),
          h('option', { value: 'stale' }, t('book.filter.stale')),
        ),
      ),
      h(
        'div',
        { class: 'field day-field' },
        h('label', { for: `${ID}-since` }, t('book.filter.since')),
        h('span', { id: `${ID}-since-hint`, class: 'muted' }, t('history.dateExample', { example })),
        h('input', { id: `${ID}-since`, inputmode: 'numeric', autocomplete: 'off', size: '12', 'aria-describedby': `${ID}-since-hint`, type: 'text', value: '' }),
      ),
      h('button', { type: 'button', class: 'secondary', disabled: true }, t('book.filter.clear')),
    ),
  );
}

function status({ counts, people, done }: BookFirstState): string {
  if (people.length === 0 && done) return counts.person + counts.company === 0 ? t('book.empty') : counts.person === 0 ? t('book.noPeople') : t('book.noMatch');
  return done ? tn('book.found', people.length) : t('book.shownMore', { shown: people.length });
}

function badge(tone: 'ok' | 'warn' | null, text: string): HTMLElement {
  return h('span', { class: tone ? `badge ${tone}` : 'badge', title: text }, text);
}

const cell = (attributes: Record<string, string | undefined>, ...children: (Node | string | null | false)[]) => h('span', { role: 'cell', ...attributes }, ...children);

/** One person's row, as BookTable and its PersonCells draw it. */
function personRow(row: BookRow, index: number): HTMLElement {
  const element = h(
    'div',
    { role: 'row', 'data-index': String(index), 'aria-rowindex': String(index + 2), class: 'vrow book-row people' },
    cell({ class: 'c-select' }, h('input', { 'data-col': 'select', 'aria-label': t('book.select', { name: row.name }), type: 'checkbox' })),
    cell({ title: row.name }, h('button', { type: 'button', class: 'link-button', 'data-col': 'name', 'aria-label': t('book.detailsOf', { name: row.name }) }, row.name)),
    cell({ title: row.title ?? undefined }, row.title ?? ''),
    cell({ title: row.company ?? undefined }, row.company ?? ''),
    cell(
      { class: 'c-email', title: row.email?.address },
      row.email && h('span', { class: 'c-value' }, row.email.address),
      row.email && ' ',
      row.email && badge(row.email.grade === 'verified' ? 'ok' : 'warn', t(`book.grade.${row.email.grade}`)),
    ),
    cell(
      { class: 'c-phone', title: row.phone?.international },
      row.phone && h('span', { class: 'c-value' }, row.phone.international),
      row.phone && ' ',
      row.phone && badge(row.phone.kind === 'mobile' ? 'ok' : null, t(`book.phoneKind.${row.phone.kind}`)),
    ),
    cell({ title: crmText(row.crm) }, crmText(row.crm)),
    cell({ class: 'c-updated', title: formatDateTime(row.updatedAt) }, formatDateTime(row.updatedAt)),
  );
  Object.assign(element.style, { position: 'absolute', top: '0px', left: '0px', right: '0px', height: `${ROW_HEIGHT}px`, transform: `translateY(${index * ROW_HEIGHT}px)` });
  return element;
}

/** The table's frame: the header row and the scrolled body, whose rows are put in once its height is known. */
function table({ people, done }: BookFirstState): { table: HTMLElement; body: HTMLElement; rows: HTMLElement } {
  const rows = h('div', { role: 'presentation' });
  Object.assign(rows.style, { height: `${people.length * ROW_HEIGHT}px`, position: 'relative' });
  const body = h('div', { role: 'rowgroup', class: 'vbody' }, rows);
  const head = h(
    'div',
    { role: 'row', 'aria-rowindex': '1', class: 'vrow book-row people vhead' },
    h('span', { role: 'columnheader', class: 'c-select' }, h('input', { 'aria-label': t('book.selectShown'), disabled: people.length === 0, type: 'checkbox' })),
    ...PEOPLE_COLUMNS.map((key) => h('span', { role: 'columnheader', class: COLUMN_CLASS[key], title: t(key) }, t(key))),
  );
  return {
    table: h('div', { role: 'table', 'aria-label': t('book.table'), 'aria-rowcount': String(done ? people.length + 1 : -1), class: 'vtable book-table' }, h('div', { role: 'rowgroup' }, head), body),
    body,
    rows,
  };
}

function panel(state: BookFirstState, frame: HTMLElement): HTMLElement {
  return h(
    'div',
    { role: 'tabpanel', id: 'book-panel-person', 'aria-labelledby': 'book-tab-person', class: 'book-panel' },
    toolbar(state.tags),
    h('p', { class: 'muted', 'aria-live': 'polite' }, status(state)),
    h(
      'p',
      { class: 'actions' },
      h('span', {}, tn('book.selected', 0)),
      h('button', { type: 'button', class: 'secondary', disabled: state.people.length === 0 }, t('book.selectMatching')),
      h('button', { type: 'button', class: 'secondary', disabled: true }, t('book.clearSelection')),
    ),
    h('div', { class: 'book-layout' }, frame),
  );
}

export interface BookFirstPaintInput {
  read: BookFirstRead;
  /** The height the rows are laid out for; by default the table's own once drawn. */
  viewHeight?: number;
}

/**
 * Draws the book into `root` and says whether it did: it does not when the book opens on
 * something only the React page draws (counts not stored yet, a record that does not read
 * plainly, a contact's details asked for in the address); the theme and the language are put in
 * place either way.
 */
export function drawBookFirstPaint(root: HTMLElement, { read, viewHeight }: BookFirstPaintInput): boolean {
  applyThemeChoice(document.documentElement, themeOf(read.items.theme));
  const locale = installFirstPaintMessages(read.items.language, BOOK_CATALOGS);
  if (location.hash.length > 1) return false;
  const state = bookFirstStateOf(read);
  if (!state) return false;
  let parts: HTMLElement[];
  let frame: ReturnType<typeof table>;
  let rows: BookRow[];
  try {
    rows = state.people.map(bookRow);
    frame = table(state);
    parts = [header(state), tabs(state), panel(state, frame.table)];
  } catch {
    // A record that reads plainly but not as a row expects: the React page reads it through its schemas.
    return false;
  }
  document.documentElement.lang = locale;
  document.title = t('page.title.book');
  root.replaceChildren(...parts);
  keepPresses(root, '.book-tab, [data-col="name"]');
  const shown = rowsInView(viewHeight ?? Math.round(frame.body.getBoundingClientRect().height), rows.length);
  frame.rows.append(...rows.slice(0, shown).map(personRow));
  return true;
}
