/**
 * A webhook URL is a capability: whoever knows its path can post to the user's automation
 * (Slack, Zapier, Make… put the credential in the path or the query). Only its origin is ever
 * shown, logged or stored outside the connection itself; the rest is masked.
 */
export const MASK = '…';

/** `https://hooks.example/…`: enough to recognise which receiver it is. */
export function maskWebhookUrl(address: string): string {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}/${MASK}`;
  } catch {
    return MASK;
  }
}

/** Path segments and query values that may be (part of) the credential: long, or with digits. */
function secretParts(url: URL): string[] {
  const segments = url.pathname.split('/').filter((s) => s.length >= 16 || (s.length >= 6 && /\d/.test(s)));
  const values = [...url.searchParams.values()].filter((v) => v.length >= 6);
  return [...segments, ...values];
}

/**
 * Removes the webhook's address from a text that may leave the adapter (a receiver's error
 * message echoing it, say): the whole URL in any of its spellings becomes the masked form, and
 * any remaining fragment of its path or query becomes `…`.
 */
export function redactWebhookUrl(text: string, address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return text;
  }
  const masked = maskWebhookUrl(address);
  const path = url.pathname + url.search;
  const whole = [address, url.href, `${url.origin}${path}`, `${url.host}${path}`];
  const parts = [path, url.pathname, url.search.slice(1), ...secretParts(url)].filter((p) => p.length > 1);
  let out = text;
  // Longest first, so that a whole URL is masked before a piece of it is.
  for (const form of byLength(whole.flatMap(spellings))) out = out.split(form).join(masked);
  for (const form of byLength(parts.flatMap(spellings))) out = out.split(form).join(MASK);
  return out;
}

/** As written, percent-encoded (a URL inside a query or JSON string), and decoded. */
function spellings(value: string): string[] {
  const forms = new Set([value, encodeURIComponent(value)]);
  try {
    forms.add(decodeURIComponent(value));
  } catch {
    // Not valid percent-encoding: the other forms are enough.
  }
  return [...forms].filter(Boolean);
}

function byLength(values: string[]): string[] {
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}
