import { DOSSIER_ERRORS } from '@/lib/contracts/error-catalog';
import type { Outcome } from '@/lib/contracts/protocol';

/** Made when it is shown, in the language of that moment. */
const unreachable = () => ({ kind: 'internal', message: DOSSIER_ERRORS.background_unreachable });

/** A message that could not reach the background becomes an Outcome like any other failure. */
export async function ask<T>(send: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    const reply = await send();
    if (reply && typeof reply === 'object' && 'ok' in reply) return reply;
    return { ok: false, error: unreachable() };
  } catch {
    return { ok: false, error: unreachable() };
  }
}
