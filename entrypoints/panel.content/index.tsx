import { createRoot, type Root } from 'react-dom/client';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
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
      position: 'overlay',
      anchor: 'body',
      append: 'last',
      zIndex: 2147483647,
      css: styles,
      isolateEvents: ['keydown', 'keyup', 'keypress'],
      onMount(container, _shadow, host) {
        // Inline !important outranks any page stylesheet, even one aimed at the host tag.
        host.setAttribute(
          'style',
          'all: initial !important; position: fixed !important; top: 72px !important; z-index: 2147483647 !important; display: block !important; visibility: visible !important; opacity: 1 !important; pointer-events: auto !important; transform: none !important;',
        );
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
