// @vitest-environment happy-dom
import { cleanup, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Panel } from '@/components/panel/Panel';
import { firstStateOf, panelView, prepareFirstPaint, type PanelFirstPaintActions, type PanelFirstRead } from '@/entrypoints/panel-frame/first-paint';
import type { Detection } from '@/lib/detect/detection';
import { setCatalog } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { sendMessage } from '@/lib/contracts/messenger';
import type { PanelStatus } from '@/lib/panel/contract';
import type { PanelLayout } from '@/lib/panel/tab-state';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const MAYA: Detection = {
  kind: 'person',
  url: 'https://www.linkedin.com/in/maya-chen/',
  person: { fullName: 'Maya Chen', headline: 'VP of Engineering at Northwind Analytics', jobTitle: 'VP of Engineering', company: 'Northwind Analytics', location: 'San Francisco', profileUrl: 'https://www.linkedin.com/in/maya-chen/' },
  confidence: 0.95,
  sources: ['url', 'h1'],
};
const OPEN: PanelLayout = { collapsed: false, side: 'right' };
const SANDBOX: PanelStatus = { hasKey: true, isSandbox: true, credits: 120 };

/** What the worker answers the frame (panelState) for its tab. */
const tabState = (over: Record<string, unknown> = {}) => ({ tabId: 7, detection: MAYA, found: [], notice: null, layout: OPEN, ...over });
const read = (state: unknown, status: unknown = SANDBOX): PanelFirstRead => ({ state, status, language: 'en', theme: 'system' });

const NO_ACTIONS: PanelFirstPaintActions = { onLayout: () => {}, onClose: () => {}, onConnect: () => {}, onOpenBook: () => {} };

/** The two trees name their title each their own way (useId, a fixed id): the same reference either way. */
const sameIds = (html: string) => html.replace(/(id|aria-labelledby)="[^"]*"/g, '$1="ID"');

/** The React panel of the frame, once it has the connection's status (when it takes the first paint's place). */
async function reactPanel(detection: Detection | null, layout: PanelLayout, status: PanelStatus): Promise<HTMLElement> {
  vi.mocked(sendMessage).mockImplementation((async (type: string) => (type === 'panelStatus' ? { ok: true, value: status } : { ok: false, error: { kind: 'internal', message: 'x' } })) as typeof sendMessage);
  const { container } = render(<Panel detection={detection} notice={null} layout={layout} onLayout={() => {}} onClose={() => {}} movable />);
  if (status.isSandbox) await within(container).findByText('Sandbox');
  else await waitFor(() => expect(vi.mocked(sendMessage)).toHaveBeenCalledWith('panelStatus', undefined));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return container.querySelector<HTMLElement>('section.panel')!;
}

function firstPaint(detection: Detection | null, layout: PanelLayout, status: PanelStatus): HTMLElement {
  const state = firstStateOf(read(tabState({ detection, layout }), status));
  expect(state).not.toBeNull();
  return panelView(state!, NO_ACTIONS);
}

beforeEach(() => setCatalog('en', en));
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  setCatalog('en', en);
});

describe('the panel’s first paint', () => {
  it('writes the same panel as React where the page is about no one, with no key, with no credits, and folded', async () => {
    const cases: [Detection | null, PanelLayout, PanelStatus][] = [
      [null, OPEN, SANDBOX],
      [null, { collapsed: false, side: 'left' }, { hasKey: false, isSandbox: false, credits: null }],
      [null, OPEN, { hasKey: true, isSandbox: false, credits: 0 }],
      [MAYA, { collapsed: true, side: 'right' }, SANDBOX],
    ];
    for (const [detection, layout, status] of cases) {
      const react = await reactPanel(detection, layout, status);
      expect(sameIds(firstPaint(detection, layout, status).outerHTML)).toBe(sameIds(react.outerHTML));
      cleanup();
    }
  });

  it('on a profile, is the React panel without its card and what follows it (both come with React, so nothing is pushed down at the swap)', async () => {
    const react = await reactPanel(MAYA, OPEN, SANDBOX);
    expect(react.querySelector('article.card')).not.toBeNull();
    const card = react.querySelector('article.card')!;
    while (card.nextElementSibling) card.nextElementSibling.remove();
    card.remove();
    expect(sameIds(firstPaint(MAYA, OPEN, SANDBOX).outerHTML)).toBe(sameIds(react.outerHTML));
  });

  it('has working header controls and no button that spends', () => {
    const onLayout = vi.fn();
    const onClose = vi.fn();
    const panel = panelView(firstStateOf(read(tabState()))!, { ...NO_ACTIONS, onLayout, onClose });
    const inside = within(panel);
    inside.getByRole('button', { name: 'Collapse Dossier panel' }).click();
    expect(onLayout).toHaveBeenCalledWith({ collapsed: true, side: 'right' });
    inside.getByRole('button', { name: 'Move Dossier panel to the left' }).click();
    expect(onLayout).toHaveBeenLastCalledWith({ collapsed: false, side: 'left' });
    inside.getByRole('button', { name: 'Close Dossier panel' }).click();
    expect(onClose).toHaveBeenCalled();
    // On a profile, the book's link waits for the card it sits under.
    expect(inside.getAllByRole('button').map((b) => b.textContent)).toEqual(['⇤', '▾', '×']);
    const nobody = within(panelView(firstStateOf(read(tabState({ detection: null })))!, NO_ACTIONS));
    expect(nobody.getAllByRole('button').map((b) => b.textContent)).toEqual(['⇤', '▾', '×', 'Contact book']);
  });

  it('speaks the worker’s copy of the language with its own few messages, and wears its theme', () => {
    const state = prepareFirstPaint({ ...read(tabState({ detection: null })), language: 'de', theme: 'dark' });
    const panel = panelView(state!, NO_ACTIONS);
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(within(panel).getByRole('button', { name: 'Dossier-Panel schließen' })).toBeTruthy();
    expect(panel.textContent).not.toMatch(/\b(app|panel)\.\w+/);
  });

  it('leaves to React what only it draws, and what does not read plainly', () => {
    expect(firstStateOf(read(tabState()))).not.toBeNull();
    const unusual = [
      tabState({ notice: { title: 'Lookup', message: 'Done' } }),
      tabState({ mail: null }),
      tabState({ found: [{ kind: 'email', value: 'a@b.example', display: 'a@b.example' }] }),
      tabState({ detection: { ...MAYA, kind: 'peopleSearch', results: [] } }),
      tabState({ detection: { ...MAYA, confidence: 0.3 } }),
      tabState({ detection: { ...MAYA, person: 'Maya' } }),
      tabState({ layout: { collapsed: 'no', side: 'right' } }),
      tabState({ found: undefined }),
      null,
    ];
    for (const state of unusual) expect(firstStateOf(read(state))).toBeNull();
    expect(firstStateOf(read(tabState(), null))).toBeNull();
    expect(firstStateOf(read(tabState(), { hasKey: 'yes', isSandbox: false, credits: null }))).toBeNull();
  });
});
