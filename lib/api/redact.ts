import { normaliseApiKey } from '@/lib/enrichment/api-key';

/**
 * The key travels in the query string (`apiId=`), so any URL, gateway message or stack may
 * carry it. Everything the client reports passes through here first.
 */
const API_ID_PARAM = /(apiId(?:=|%3D))[^&\s"'<>#]*/gi;

/** Shorter values would blank out ordinary words; real keys are far longer. */
const MIN_LITERAL_KEY_LENGTH = 6;

export function redactApiKey(text: string, apiKey?: string): string {
  let out = text.replace(API_ID_PARAM, '$1***');
  const key = apiKey === undefined ? undefined : normaliseApiKey(apiKey);
  if (key && key.length >= MIN_LITERAL_KEY_LENGTH) {
    // A gateway may echo the key outside a query string, raw or percent-encoded.
    for (const form of new Set([key, encodeURIComponent(key)])) out = out.split(form).join('***');
  }
  return out;
}
