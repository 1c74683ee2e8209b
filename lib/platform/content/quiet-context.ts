import { browser } from 'wxt/browser';

/**
 * Replaces WXT's ContentScriptContext in every content script (aliased in wxt.config.ts).
 * WXT's own announces each content script to the page as it starts: a CustomEvent on the
 * document and a `window.postMessage` whose type names the extension's id and the script,
 * and it reports navigations by dispatching an event named after the id on `window`. The
 * page's own scripts receive all three, which is how a site probing for extensions would
 * find Dossier even in stealth mode. This one offers the same helpers and says nothing to
 * the page. (An older copy left behind by an update stops by itself: its runtime is gone.)
 */
export class ContentScriptContext {
  readonly id = Math.random().toString(36).slice(2);
  private readonly controller = new AbortController();

  constructor(
    readonly contentScriptName: string,
    readonly options?: unknown,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get isInvalid(): boolean {
    if (browser.runtime?.id == null) this.notifyInvalidated();
    return this.signal.aborted;
  }

  get isValid(): boolean {
    return !this.isInvalid;
  }

  abort(reason?: unknown): void {
    this.controller.abort(reason);
  }

  onInvalidated(cb: () => void): () => void {
    this.signal.addEventListener('abort', cb);
    return () => this.signal.removeEventListener('abort', cb);
  }

  block<T>(): Promise<T> {
    return new Promise(() => {});
  }

  setTimeout(handler: () => void, timeout?: number): number {
    const id = setTimeout(() => this.isValid && handler(), timeout) as unknown as number;
    this.onInvalidated(() => clearTimeout(id));
    return id;
  }

  setInterval(handler: () => void, timeout?: number): number {
    const id = setInterval(() => this.isValid && handler(), timeout) as unknown as number;
    this.onInvalidated(() => clearInterval(id));
    return id;
  }

  requestAnimationFrame(callback: FrameRequestCallback): number {
    const id = requestAnimationFrame((...args) => this.isValid && callback(...args));
    this.onInvalidated(() => cancelAnimationFrame(id));
    return id;
  }

  requestIdleCallback(callback: IdleRequestCallback, options?: IdleRequestOptions): number {
    const id = requestIdleCallback((...args) => !this.signal.aborted && callback(...args), options);
    this.onInvalidated(() => cancelIdleCallback(id));
    return id;
  }

  /** Plain listeners only: the `wxt:locationchange` event is replaced by watchLocation (location.ts). */
  addEventListener(target: EventTarget, type: string, handler: EventListenerOrEventListenerObject, options?: AddEventListenerOptions): void {
    target.addEventListener(type, handler, { ...options, signal: this.signal });
  }

  notifyInvalidated(): void {
    this.abort('Content script context invalidated');
  }
}
