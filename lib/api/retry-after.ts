/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). Anything else is
 * ignored rather than guessed, so the caller falls back to its own back-off.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Date.parse also accepts bare numbers and odd forms; an HTTP date always names a weekday or month.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
