/**
 * The form in which Dossier keeps the address of a page a lookup came from: origin and path,
 * nothing else. A query string or fragment may hold search terms, tracking ids, session or
 * reset tokens; history is exported and shown, so none of that is ever stored. Anything but
 * http(s) (an extension page, a file) is not kept at all.
 */
export function storedPageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // `origin` leaves out any user:password@ too.
  return `${url.origin}${url.pathname}`;
}
