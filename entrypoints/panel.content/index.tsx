import { createRoot, type Root } from 'react-dom/client';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import hostStyles from '@/components/panel/host.css?inline';
import styles from '@/components/panel/panel.css?inline';
import { PanelHost } from '@/components/panel/PanelHost';
import { contentBridge } from '@/lib/content/bridge';
import { MICROBLOG_MATCHES, NETWORK_MATCHES } from '@/lib/content/hosts';

/**
 * The panel: injected by the background only when a page has something to show, so that
 * React and the panel's code never load on pages the user did not ask about. Executing it
 * twice must not mount twice.
 */
export default defineContentScript({
  registration: 'runtime',
  matches: [...NETWORK_MATCHES, ...MICROBLOG_MATCHES],
  cssInjectionMode: 'manual',
  async main(ctx) {
    const bridge = contentBridge();
    if (bridge.state.panelMounted) return;
    bridge.set({ panelMounted: true });

    const ui = await createShadowRootUi<Root>(ctx, {
      name: 'dossier-panel',
      // 'inline': WXT leaves the host's style alone, and the host below pins itself in place.
      position: 'inline',
      anchor: 'body',
      append: 'last',
      css: `${styles}\n${hostStyles}`,
      isolateEvents: ['keydown', 'keyup', 'keypress'],
      onMount(container, _shadow, host) {
        host.dataset.side = 'right';
        const root = createRoot(container);
        root.render(<PanelHost host={host} onClose={() => ui.remove()} />);
        return root;
      },
      onRemove(root) {
        root?.unmount();
        bridge.set({ panelMounted: false });
      },
    });
    ui.mount();
  },
});
