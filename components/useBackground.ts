import { DOSSIER_ERRORS } from '@/lib/errors/catalog';
import type { Outcome } from '@/lib/messaging/protocol';

const UNREACHABLE = { kind: 'internal', message: DOSSIER_ERRORS.background_unreachable };

/** A message that could not reach the background becomes an Outcome like any other failure. */
export async function ask<T>(send: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    const reply = await send();
    if (reply && typeof reply === 'object' && 'ok' in reply) return reply;
    return { ok: false, error: UNREACHABLE };
  } catch {
    return { ok: false, error: UNREACHABLE };
  }
}
