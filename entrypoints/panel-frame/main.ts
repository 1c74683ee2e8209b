import styles from '@/components/panel/panel.css?inline';
import { installSpendGuard } from '@/components/lookup/spend-gate';
import { prepareFirstPaint, panelView, type PanelFirstState, type ShownFirstPaint } from '@/entrypoints/panel-frame/first-paint';
import { sendMessage } from '@/lib/contracts/messenger';
import { watchPanelVisibility } from '@/lib/panel/page/visibility-observer';
import { languageMirrorItem } from '@/lib/settings/language-mirror';
import { themeMirrorItem } from '@/lib/settings/theme-mirror';
import { h } from '@/lib/platform/ui/dom';
import { paintThenLoad, within } from '@/lib/platform/ui/first-paint-start';

/**
 * The panel's frame draws first from this small module alone (no React, no schemas): one round
 * trip to the worker (the tab's state, the connection's status, its copies of the language and
 * theme), the panel's header and first words in plain DOM, then the React panel (app.tsx) loaded
 * to take its place.
 */

// The panel's stylesheet targets a shadow host; here the frame's document hosts it, and the
// frame (sized by the content script from what it measures) is the panel's only box. The
// document is what scrolls: the panel must not be a scroller of its own, or its sticky header
// would stick to a box that never scrolls and leave with the card. The scroll padding keeps what
// the keyboard focuses from landing under that header.
const style = document.createElement('style');
style.textContent = `${styles.replaceAll(':host', ':root')}
html, body { margin: 0; background: transparent; }
html { scroll-padding-top: 48px; }
.panel { width: 100%; max-height: none; overflow: visible; box-shadow: none; }`;
document.head.append(style);
// The page around this frame can lay something over it and pass the user's click through: a click
// here spends only if the panel was seen, uncovered, for a moment before it (lib/panel/page/visibility-guard.ts).
// Watched from the first moment, so the time it has been seen counts from when it appeared.
installSpendGuard(watchPanelVisibility(document).guard);

/** Past this, the worker is starting (after an update, after 30 s idle it is quick): React draws. */
const FIRST_READ_LIMIT_MS = 500;

async function read() {
  const [state, status, language, theme] = await Promise.all([
    sendMessage('panelState', {}).then((reply) => (reply.ok ? reply.value : null)),
    sendMessage('panelStatus', undefined).then((reply) => (reply.ok ? reply.value : null)),
    languageMirrorItem.getValue(),
    themeMirrorItem.getValue(),
  ]);
  return { state, status, language, theme };
}

function show(root: HTMLElement, first: PanelFirstState): ShownFirstPaint {
  let state = first;
  let closed = false;
  // As PanelHost: layout and close go to the worker one after the other, and nothing after close.
  let toWorker: Promise<unknown> = Promise.resolve();
  const inOrder = (send: () => Promise<unknown>) => {
    toWorker = toWorker.then(send).catch(() => {});
  };
  const box = h('div', {});
  let sent = '';
  const report = () => {
    const message = { ...state.layout, height: Math.ceil(box.getBoundingClientRect().height) };
    if (closed || JSON.stringify(message) === sent) return;
    sent = JSON.stringify(message);
    inOrder(() => sendMessage('setPanelLayout', message));
  };
  const close = () => {
    closed = true;
    inOrder(() => sendMessage('closePanel', undefined));
  };
  const draw = () =>
    box.replaceChildren(
      panelView(state, {
        onLayout: (layout) => {
          state = { ...state, layout };
          // Drawn anew: the control the user pressed keeps the focus, as it does in the React panel.
          const buttons = () => [...box.querySelectorAll('button')];
          const focused = buttons().indexOf(document.activeElement as HTMLButtonElement);
          draw();
          if (focused >= 0) buttons()[focused]?.focus();
        },
        onClose: close,
        onConnect: () => void sendMessage('openWelcome', undefined).catch(() => {}),
        onOpenBook: () => void sendMessage('openContactBook', undefined).catch(() => {}),
      }),
    );
  const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
  draw();
  root.replaceChildren(box);
  const observer = new ResizeObserver(report);
  observer.observe(box);
  document.addEventListener('keydown', onKey);
  return {
    layout: () => state.layout,
    closed: () => closed,
    release: () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKey);
    },
  };
}

async function firstPaint(root: HTMLElement): Promise<ShownFirstPaint | null> {
  const answers = await within(FIRST_READ_LIMIT_MS, read());
  const first = answers && prepareFirstPaint(answers);
  if (!first) return null;
  const shown = show(root, first);
  // Drawn and usable: its header's controls work.
  performance.mark('dossier:first-paint');
  performance.mark('dossier:interactive');
  return shown;
}

const root = document.getElementById('root')!;
paintThenLoad(() => firstPaint(root), async (shown) => {
  // Closed from the first paint: the frame is on its way out, and nothing is reported after close.
  if (shown?.closed()) return;
  (await import('@/entrypoints/panel-frame/app')).startPanel(root, shown);
});
