import { seedOfDetection } from '@/lib/card/page/seed';
import { LOW_CONFIDENCE, type Detection } from '@/lib/detect/detection';
import type { FirstPaintCatalog, PanelFirstPaintCatalog } from '@/lib/platform/i18n/catalog';
import { deFirstPaint } from '@/lib/platform/i18n/first-paint/de';
import { enFirstPaint } from '@/lib/platform/i18n/first-paint/en';
import { esFirstPaint } from '@/lib/platform/i18n/first-paint/es';
import { frFirstPaint } from '@/lib/platform/i18n/first-paint/fr';
import { dePanelFirstPaint } from '@/lib/platform/i18n/first-paint/panel-de';
import { enPanelFirstPaint } from '@/lib/platform/i18n/first-paint/panel-en';
import { esPanelFirstPaint } from '@/lib/platform/i18n/first-paint/panel-es';
import { frPanelFirstPaint } from '@/lib/platform/i18n/first-paint/panel-fr';
import { PSEUDO_LOCALE, type DisplayLocale } from '@/lib/platform/i18n/locales';
import { t } from '@/lib/platform/i18n/translate';
import type { PanelStatus } from '@/lib/panel/contract';
import type { PanelLayout } from '@/lib/panel/tab-state';
import { applyThemeChoice, themeOf } from '@/lib/settings/theme-choice';
import { h } from '@/lib/platform/ui/dom';
import type { FirstPaintHandle } from '@/components/panel/PanelHost';
import { installFirstPaintMessages } from '@/lib/platform/i18n/first-paint/install';

/**
 * The in-page panel as its React page (PanelHost, Panel) draws it once the worker has answered,
 * drawn without React from the same two answers (the tab's state and the connection's status):
 * the header with its controls, and what the body says before the card (what the page is about,
 * a missing key, no credits left), with the same elements, classes and words, so that the React
 * panel can take its place (lib/platform/ui/handover.ts). Its controls are real: move, fold and close
 * go to the worker as the React panel's do; nothing here can spend (the card, and its lookups,
 * come with the React panel).
 */

type Messages = FirstPaintCatalog & PanelFirstPaintCatalog;

const CATALOGS: Record<Exclude<DisplayLocale, typeof PSEUDO_LOCALE>, Messages> = {
  en: { ...enFirstPaint, ...enPanelFirstPaint },
  fr: { ...frFirstPaint, ...frPanelFirstPaint },
  de: { ...deFirstPaint, ...dePanelFirstPaint },
  es: { ...esFirstPaint, ...esPanelFirstPaint },
};

/** What the first paint is drawn from: the worker's answers and its copies of the language and theme. */
export interface PanelFirstRead {
  state: unknown;
  status: unknown;
  language: unknown;
  theme: unknown;
}

export interface PanelFirstState {
  detection: Detection | null;
  layout: PanelLayout;
  status: PanelStatus;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The state, when the panel shows nothing but its header and its first words: no card of an
 * answer (a notice), no web mail people, no search results or found items, no page to check
 * (low confidence). Anything else, or anything that does not read plainly: null, React draws.
 */
export function firstStateOf({ state, status }: PanelFirstRead): PanelFirstState | null {
  if (!isObject(state) || !isObject(status)) return null;
  const { detection, layout, notice, found, mail } = state;
  if (notice !== null || mail !== undefined || !Array.isArray(found) || found.length > 0) return null;
  if (!isObject(layout) || typeof layout.collapsed !== 'boolean' || (layout.side !== 'left' && layout.side !== 'right')) return null;
  if (typeof status.hasKey !== 'boolean' || typeof status.isSandbox !== 'boolean' || (status.credits !== null && typeof status.credits !== 'number')) return null;
  if (detection !== null) {
    if (!isObject(detection) || typeof detection.kind !== 'string' || typeof detection.url !== 'string' || typeof detection.confidence !== 'number') return null;
    if (detection.kind === 'peopleSearch' || detection.confidence < LOW_CONFIDENCE) return null;
    if (detection.person !== undefined && !isObject(detection.person)) return null;
    if (detection.company !== undefined && !isObject(detection.company)) return null;
  }
  return {
    detection: detection as Detection | null,
    layout: { collapsed: layout.collapsed, side: layout.side },
    status: { hasKey: status.hasKey, isSandbox: status.isSandbox, credits: status.credits as number | null },
  };
}

/** As Panel's whoLabel, for the pages the first paint draws (search results are React's). */
function whoLabel(detection: Detection | null): string {
  if (!detection) return t('panel.nothingDetected');
  return detection.kind === 'company' ? t('panel.companyPage') : t('panel.profile');
}

/** The first paint while it is on screen: the React panel starts from its layout and hears of its close. */
export interface ShownFirstPaint extends FirstPaintHandle {
  /** The React panel is in: the first paint stops reporting its height and listening for Escape. */
  release(): void;
}

export interface PanelFirstPaintActions {
  onLayout(layout: PanelLayout): void;
  onClose(): void;
  onConnect(): void;
  onOpenBook(): void;
}

const TITLE_ID = 'first-paint-panel-title';

/** The panel as Panel draws it in its frame (movable, closable) before the card's code is in. */
export function panelView({ detection, layout, status }: PanelFirstState, actions: PanelFirstPaintActions): HTMLElement {
  const { side, collapsed } = layout;
  const move = side === 'right' ? t('panel.moveLeft') : t('panel.moveRight');
  const fold = collapsed ? t('panel.expand') : t('panel.collapse');
  const hasCard = seedOfDetection(detection) !== null;
  return h(
    'section',
    { class: `panel side-${side}`, 'aria-labelledby': TITLE_ID, role: 'complementary' },
    h(
      'header',
      { class: 'panel-header' },
      h('h2', { id: TITLE_ID, class: 'panel-title' }, t('app.name'), status.isSandbox && h('span', { class: 'tag' }, t('app.sandbox'))),
      h(
        'div',
        { class: 'panel-controls' },
        h('button', { type: 'button', class: 'icon-button', 'aria-label': move, title: move, on: { click: () => actions.onLayout({ ...layout, side: side === 'right' ? 'left' : 'right' }) } }, side === 'right' ? '⇤' : '⇥'),
        h(
          'button',
          { type: 'button', class: 'icon-button', 'aria-expanded': String(!collapsed), 'aria-label': fold, title: fold, on: { click: () => actions.onLayout({ ...layout, collapsed: !collapsed }) } },
          collapsed ? '▸' : '▾',
        ),
        h('button', { type: 'button', class: 'icon-button', 'aria-label': t('panel.close'), title: t('panel.close'), on: { click: actions.onClose } }, '×'),
      ),
    ),
    !collapsed &&
      h(
        'div',
        { class: 'panel-body' },
        !hasCard && h('p', { class: 'who', 'data-testid': 'detected' }, whoLabel(detection)),
        !status.hasKey && h('div', { role: 'alert' }, h('p', {}, t('panel.noKey')), h('button', { type: 'button', on: { click: actions.onConnect } }, t('panel.connect'))),
        status.hasKey && status.credits === 0 && h('p', { role: 'alert' }, t('panel.noCredits')),
        // Below the card, which comes with React: drawn here, it would be pushed down at the swap.
        !hasCard && h('p', { class: 'open-book' }, h('button', { type: 'button', class: 'link-button', on: { click: actions.onOpenBook } }, t('app.openBook'))),
      ),
  );
}

/**
 * Puts the language and the theme in place (either way) and says what to draw: null when the
 * React panel must draw it all.
 */
export function prepareFirstPaint(read: PanelFirstRead): PanelFirstState | null {
  applyThemeChoice(document.documentElement, themeOf(read.theme));
  const locale = installFirstPaintMessages(read.language, CATALOGS);
  const state = firstStateOf(read);
  if (state) {
    document.documentElement.lang = locale;
    document.title = t('app.name');
  }
  return state;
}
