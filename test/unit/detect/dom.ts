import { Window } from 'happy-dom';

/** A parsed page at a URL, as a content script would see it (no scripts run). */
export function pageAt(url: string, html: string): { document: Document; window: Window; close: () => Promise<void> } {
  const window = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  window.document.write(html);
  return { document: window.document as unknown as Document, window, close: () => window.happyDOM.close() };
}
