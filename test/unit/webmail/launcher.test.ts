// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLauncher } from '@/lib/panel/content/launcher';

/** The launcher's button, as only the content script that made it could reach it (the root is closed). */
function buttonOf(attach: typeof Element.prototype.attachShadow) {
  const roots: ShadowRoot[] = [];
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init) {
    const root = attach.call(this, init);
    roots.push(root);
    return root;
  });
  return () => roots.at(-1)!.querySelector('button')!;
}

function page() {
  document.body.innerHTML = '<h3><span id="sender" email="maya@x.example" name="Maya">Maya</span></h3><h3><span id="other">Sam</span></h3>';
  return { sender: document.getElementById('sender')!, other: document.getElementById('other')! };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the launcher beside a web mail sender', () => {
  it('goes right after the sender, in a closed shadow root, with an accessible name', () => {
    const button = buttonOf(Element.prototype.attachShadow);
    const { sender } = page();
    const launcher = createLauncher(document, 'Open Dossier’s card for the sender', () => {});
    launcher.placeBeside(sender);
    const host = sender.nextElementSibling!;
    expect(host.localName).toBe('dossier-launcher');
    expect(host.shadowRoot).toBeNull();
    expect(button().getAttribute('aria-label')).toBe('Open Dossier’s card for the sender');
    expect(button().type).toBe('button');
  });

  it('opens on a trusted click only, and the mail client never sees the click', () => {
    const button = buttonOf(Element.prototype.attachShadow);
    const { sender } = page();
    const onOpen = vi.fn();
    const pageHandler = vi.fn();
    document.body.addEventListener('click', pageHandler);
    createLauncher(document, 'Open', onOpen).placeBeside(sender);
    button().click();
    expect(onOpen).not.toHaveBeenCalled();
    const trusted = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
    Object.defineProperty(trusted, 'isTrusted', { value: true });
    button().dispatchEvent(trusted);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(pageHandler).not.toHaveBeenCalled();
  });

  it('follows the sender when the message changes, stays put when it does not, and goes when there is none', () => {
    const { sender, other } = page();
    const launcher = createLauncher(document, 'Open', () => {});
    launcher.placeBeside(sender);
    const host = sender.nextElementSibling!;
    launcher.placeBeside(sender);
    expect(sender.nextElementSibling).toBe(host);
    expect(document.querySelectorAll('dossier-launcher')).toHaveLength(1);
    launcher.placeBeside(other);
    expect(other.nextElementSibling).toBe(host);
    expect(document.querySelectorAll('dossier-launcher')).toHaveLength(1);
    launcher.placeBeside(null);
    expect(launcher.placed).toBe(false);
    expect(document.querySelectorAll('dossier-launcher')).toHaveLength(0);
  });

  it('comes back when the mail client re-rendered the header without it', () => {
    const { sender } = page();
    const launcher = createLauncher(document, 'Open', () => {});
    launcher.placeBeside(sender);
    sender.nextElementSibling!.remove();
    expect(launcher.placed).toBe(false);
    launcher.placeBeside(sender);
    expect(sender.nextElementSibling!.localName).toBe('dossier-launcher');
  });
});
