import { useCallback, useEffect, useState } from 'react';
import { DOSSIER_ERRORS } from '@/lib/errors/catalog';
import { sendMessage } from '@/lib/messaging/messenger';
import type { ConnectionStatus, ErrorReport, Outcome } from '@/lib/messaging/protocol';

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

export function useConnectionStatus() {
  const [status, setStatus] = useState<ConnectionStatus | null>(null);
  const [error, setError] = useState<ErrorReport | null>(null);
  const reload = useCallback(async () => {
    const reply = await ask(() => sendMessage('getStatus', undefined));
    if (reply.ok) {
      setStatus(reply.value);
      setError(null);
    } else setError(reply.error);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { status, error, reload, setStatus };
}
