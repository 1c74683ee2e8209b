const STYLE = `:host { all: initial !important; display: inline-block !important; vertical-align: middle !important; margin: 0 4px !important; }
button { all: initial; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center; width: 22px; height: 22px;
  border-radius: 11px; background: #2b4c7e; color: #fff; font: 700 12px/1 system-ui, sans-serif; cursor: pointer; }
button:hover { background: #1d3557; }
button:focus-visible { outline: 3px solid #f4a261; outline-offset: 2px; }`;

export interface Launcher {
  /** Puts the launcher right after `anchor` (or removes it for null); nothing moves when it is there already. */
  placeBeside(anchor: Element | null): void;
  /** Renames the button (the worker says its label in the user's language). */
  relabel(label: string): void;
  readonly placed: boolean;
}

/**
 * The small button beside a web mail sender that opens Dossier's in-page panel. Like the panel's
 * frame, it is one host element with a closed shadow root and an adopted sheet: the page sees
 * that an element is there, never its label, and cannot reach the button to click it; a click
 * the page synthesises anyway is not trusted and does nothing. It opens the panel and nothing
 * else: every lookup is a click inside the panel, which is the extension's own page.
 */
export function createLauncher(doc: Document, label: string, onOpen: () => void): Launcher {
  let host: HTMLElement | null = null;
  let button: HTMLButtonElement | null = null;
  let name = label;

  function create(): HTMLElement {
    const element = doc.createElement('dossier-launcher');
    const root = element.attachShadow({ mode: 'closed' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    root.adoptedStyleSheets = [sheet];
    button = doc.createElement('button');
    button.type = 'button';
    button.textContent = 'D';
    button.setAttribute('aria-label', name);
    button.title = name;
    button.addEventListener('click', (event) => {
      // The mail client's own handlers must not also act on the click (open a hovercard, select the row).
      event.stopPropagation();
      event.preventDefault();
      if (event.isTrusted) onOpen();
    });
    root.append(button);
    return element;
  }

  return {
    placeBeside(anchor) {
      if (!anchor) {
        host?.remove();
        return;
      }
      host ??= create();
      if (host.previousSibling !== anchor || !host.isConnected) anchor.after(host);
    },
    relabel(next) {
      name = next;
      button?.setAttribute('aria-label', next);
      if (button) button.title = next;
    },
    get placed() {
      return host?.isConnected ?? false;
    },
  };
}
