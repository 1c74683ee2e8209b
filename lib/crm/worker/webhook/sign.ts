/**
 * Webhook signatures: HMAC-SHA256 of the exact bytes sent, as lowercase hex, in
 * `X-Dossier-Signature: sha256=<hex>`. WebCrypto only, so it runs in the service worker.
 */
export const SIGNATURE_HEADER = 'X-Dossier-Signature';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const encoder = new TextEncoder();

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function hmacSha256Hex(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(body)));
}

export async function signatureHeader(secret: string, body: string): Promise<string> {
  return `sha256=${await hmacSha256Hex(secret, body)}`;
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}
