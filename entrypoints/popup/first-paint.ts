import { recentDetail } from '@/components/history/recent-line';
import { credits } from '@/components/lookup/price';
import { openBeside, openBulk, openContactBook, openSettings, sidePanelApis } from '@/entrypoints/popup/actions';
import { recentPeople } from '@/lib/history/who';
import type { FirstPaintCatalog } from '@/lib/platform/i18n/catalog';
import { deFirstPaint } from '@/lib/platform/i18n/first-paint/de';
import { enFirstPaint } from '@/lib/platform/i18n/first-paint/en';
import { esFirstPaint } from '@/lib/platform/i18n/first-paint/es';
import { frFirstPaint } from '@/lib/platform/i18n/first-paint/fr';
import { PSEUDO_LOCALE, type DisplayLocale } from '@/lib/platform/i18n/locales';
import { formatAge, formatDateTime } from '@/lib/platform/i18n/relative-time';
import { t } from '@/lib/platform/i18n/translate';
import type { FirstReadRaw } from '@/lib/history/page/first-read-keys';
import { firstStateOf, type PopupFirstState } from '@/lib/popup/page/first-state';
import { applyThemeChoice, themeOf } from '@/lib/settings/theme-choice';
import { h } from '@/lib/platform/ui/dom';
import { historyUrl } from '@/lib/history/page/url';
import { sidePanelKind } from '@/lib/panel/page/side-panel';
import { installFirstPaintMessages } from '@/lib/platform/i18n/first-paint/install';

/**
 * The popup as its React page (Popup.tsx) draws it once everything is read, drawn without React
 * from one read of the vault: the header, the balance, the lookup box and the recent names, with
 * the same elements, classes and words, so that the React page can take its place unseen
 * (lib/platform/ui/handover.ts). Its controls are real: the box takes typing (kept at the swap), the
 * links and header buttons work; what needs the React page (a lookup, a refresh) is disabled
 * until it is in, as the React page's own are until its code and answers arrive.
 */

const FIRST_PAINT_CATALOGS: Record<Exclude<DisplayLocale, typeof PSEUDO_LOCALE>, FirstPaintCatalog> = {
  en: enFirstPaint,
  fr: frFirstPaint,
  de: deFirstPaint,
  es: esFirstPaint,
};

function header(state: PopupFirstState, windowId: number | undefined): HTMLElement {
  const beside = sidePanelKind(sidePanelApis);
  return h(
    'header',
    { class: 'bar popup-header' },
    h('h1', {}, t('app.name')),
    state.sandboxUrl !== null && h('span', { class: 'tag', title: t('app.sandboxTitle', { url: state.sandboxUrl }) }, t('app.sandbox')),
    h(
      'div',
      { class: 'popup-links' },
      beside &&
        h(
          'button',
          { type: 'button', class: 'link-button', disabled: beside === 'sidePanel' && windowId === undefined, on: { click: () => openBeside(windowId) } },
          beside === 'sidePanel' ? t('app.openSidePanel') : t('app.openSidebar'),
        ),
      h('button', { type: 'button', class: 'link-button', on: { click: openContactBook } }, t('app.openBook')),
      h('button', { type: 'button', class: 'link-button', on: { click: openBulk } }, t('bulk.ui.open')),
      h('button', { type: 'button', class: 'link-button', on: { click: openSettings } }, t('settings.title')),
    ),
  );
}

/** As CreditBalance draws it while the balance is being refreshed, which the popup does on opening. */
function balanceSection({ balance, lowThreshold }: PopupFirstState, now: number): HTMLElement {
  const low = balance !== null && balance.credits < lowThreshold;
  return h(
    'section',
    { 'aria-labelledby': 'balance-title' },
    h('h2', { id: 'balance-title' }, t('balance.title')),
    h(
      'p',
      { class: 'balance-line' },
      h('span', { 'aria-live': 'polite', 'data-testid': 'balance', class: low ? 'balance low' : 'balance' }, balance ? credits(balance.credits) : t('balance.checking')),
      ' ',
      balance && h('span', { class: 'muted', title: formatDateTime(balance.at), 'data-testid': 'balance-age' }, t('balance.asOf', { age: formatAge(balance.at, Math.max(now, balance.at)) })),
    ),
    low && h('p', { class: 'warning' }, t('balance.low', { credits: credits(lowThreshold) })),
    h('button', { type: 'button', class: 'secondary', disabled: true }, t('balance.refreshing')),
  );
}

/** As QuickLookup draws an empty box: typing works at once; looking up waits for the React page. */
function quickSection(): HTMLElement {
  return h(
    'section',
    { 'aria-labelledby': 'quick-title' },
    h('h2', { id: 'quick-title' }, t('quick.title')),
    h(
      'form',
      { novalidate: true, on: { submit: (event) => event.preventDefault() } },
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'first-paint-quick' }, t('quick.label')),
        h('input', { id: 'first-paint-quick', type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: t('quick.placeholder'), value: '' }),
      ),
      h('button', { type: 'submit', disabled: true }, t('quick.submit')),
    ),
  );
}

/** As RecentLookups draws the list; a person none of whose lookups names them shows what was asked (the React page may then find their name in the book). */
function recentSection(state: PopupFirstState, now: number): HTMLElement {
  const people = recentPeople(state.recent);
  return h(
    'section',
    { 'aria-labelledby': 'recent-title' },
    h('h2', { id: 'recent-title' }, t('recent.title')),
    people.length === 0
      ? h('p', { class: 'muted' }, t('recent.empty'))
      : h(
          'ul',
          { class: 'recent', 'aria-labelledby': 'recent-title' },
          ...people.map((person) => {
            const latest = person.entries[0]!;
            return h(
              'li',
              {},
              h(
                'a',
                { href: historyUrl(latest.id), target: '_blank', rel: 'noopener' },
                h('span', { class: 'subject' }, person.name ?? latest.subject),
                h(
                  'span',
                  { class: 'muted' },
                  recentDetail(person),
                  ' · ',
                  h('time', { datetime: new Date(latest.at).toISOString(), title: formatDateTime(latest.at) }, formatAge(latest.at, Math.max(now, latest.at))),
                ),
              ),
            );
          }),
        ),
    h('p', {}, h('a', { href: historyUrl(), target: '_blank', rel: 'noopener' }, t('recent.openAll'))),
  );
}

export interface FirstPaintInput {
  read: FirstReadRaw;
  /** The popup's window (for the side panel button); undefined when not known yet. */
  windowId?: number;
  now?: number;
}

/**
 * Draws the popup into `root` and says whether it did: it does not when the popup has to show
 * something only the React page draws (no key saved, a choice to make, data that does not read
 * plainly); the theme and the language are put in place either way.
 */
export function drawFirstPaint(root: HTMLElement, { read, windowId, now = Date.now() }: FirstPaintInput): boolean {
  applyThemeChoice(document.documentElement, themeOf(read.items.theme));
  const locale = installFirstPaintMessages(read.items.language, FIRST_PAINT_CATALOGS);
  let state: PopupFirstState | null = null;
  let parts: HTMLElement[];
  try {
    state = firstStateOf(read);
    if (!state) return false;
    parts = [header(state, windowId), balanceSection(state, now), quickSection(), recentSection(state, now)];
  } catch {
    // A record that reads plainly but names no one in a way the list expects: the React page reads it through its schemas.
    return false;
  }
  document.documentElement.lang = locale;
  document.title = t('app.name');
  root.replaceChildren(...parts);
  return true;
}
