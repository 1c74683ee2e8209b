/**
 * Gateway data and page text are untrusted: a "URL" may be `javascript:…` or carry markup.
 * Only http(s) URLs become links; everything else is shown as text.
 */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** `mailto:` only for an address that is an address, so nothing can ride along in it. */
export function mailtoHref(address: string): string | null {
  return /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/.test(address) ? `mailto:${address}` : null;
}

export function telHref(e164: string): string | null {
  return /^\+[1-9]\d{4,15}$/.test(e164) ? `tel:${e164}` : null;
}
