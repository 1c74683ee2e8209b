/**
 * Writes text to the clipboard the way an extension document without focus can: select it in a
 * field of its own and copy the selection. Runs in Chromium's offscreen document (which has no
 * focus, so the asynchronous Clipboard API refuses it there) and in Firefox's background page.
 */
export function copyBySelection(doc: Document, text: string): boolean {
  const field = doc.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  (doc.body ?? doc.documentElement).append(field);
  field.select();
  try {
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
