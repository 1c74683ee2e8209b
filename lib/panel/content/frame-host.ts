import type { FramePlacement } from '@/lib/panel/tab-state';

const WIDTH = 360;
const TOP = 72;
const EDGE = 16;
/** Until the frame has measured its panel. */
const FIRST_HEIGHT = 160;

function hostRules(placement: FramePlacement): string {
  const height = Math.max(48, Math.round(placement.height ?? FIRST_HEIGHT));
  const side = placement.side === 'left' ? `left: ${EDGE}px !important; right: auto !important;` : `right: ${EDGE}px !important; left: auto !important;`;
  // In the shadow tree's own sheet: its !important outranks any !important of the page, even
  // one aimed at the host element (shadow-tree context wins for important declarations).
  return `:host {
    all: initial !important; position: fixed !important; top: ${TOP}px !important; ${side}
    z-index: 2147483647 !important; display: block !important; visibility: visible !important;
    opacity: 1 !important; pointer-events: auto !important; transform: none !important;
    filter: none !important; clip-path: none !important; margin: 0 !important; padding: 0 !important;
    width: ${WIDTH}px !important; height: min(${height}px, calc(100vh - ${TOP + EDGE}px)) !important;
  }
  iframe { all: initial !important; display: block !important; visibility: visible !important; width: 100% !important; height: 100% !important; border: 0 !important; }`;
}

/**
 * The frame's accessible name: the product's name, the same in every language (a content script
 * carries no message catalog; what the frame shows is in the user's language).
 */
export const FRAME_TITLE = 'Dossier';

export interface FrameHost {
  place(placement: FramePlacement | null): boolean;
  readonly placed: boolean;
}

/**
 * The only thing Dossier adds to a page, in the in-page mode: one host element whose closed
 * shadow root holds nothing but an <iframe> of the extension's panel page. The page cannot
 * reach into a closed root, and what the panel shows lives in the frame's own document (the
 * extension's origin), out of the page's reach. Styles are an adopted sheet: no node, no
 * attribute. `frameUrl` is runtime.getURL's answer in the content script: the per-session
 * dynamic URL (use_dynamic_url), which the page never sees.
 */
export function createFrameHost(doc: Document, frameUrl: () => string, title: string): FrameHost {
  let host: HTMLElement | null = null;
  let sheet: CSSStyleSheet | null = null;
  let current: FramePlacement | null = null;

  function remove() {
    host?.remove();
    host = null;
    sheet = null;
  }

  function create() {
    host = doc.createElement('dossier-panel');
    const root = host.attachShadow({ mode: 'closed' });
    sheet = new CSSStyleSheet();
    root.adoptedStyleSheets = [sheet];
    const frame = doc.createElement('iframe');
    frame.title = title;
    // No `allow="clipboard-write"`: it would delegate to the origin of `src`, the per-session dynamic
    // URL, never to the extension's origin the document loads under; and a host page whose policy
    // refuses the clipboard cannot delegate it anyway. Copy goes through the extension instead
    // (lib/clipboard/page/copy-from-page.ts).
    let loads = 0;
    // The panel page never navigates itself; a second load means the page navigated the frame
    // (a parent may set a child frame's location): replace it with a fresh panel.
    frame.addEventListener('load', () => {
      if (++loads > 1 && current) {
        remove();
        place(current);
      }
    });
    frame.src = frameUrl();
    root.append(frame);
    (doc.body ?? doc.documentElement).append(host);
  }

  function place(placement: FramePlacement | null): boolean {
    current = placement;
    if (!placement) {
      remove();
      return true;
    }
    if (!host?.isConnected) {
      remove();
      create();
    }
    sheet!.replaceSync(hostRules(placement));
    return true;
  }

  return {
    place,
    get placed() {
      return host !== null;
    },
  };
}
