import { create } from 'zustand';
import { ask } from '@/components/useBackground';
import { sendMessage } from '@/lib/messaging/messenger';
import type { ConnectionStatus, ErrorReport, StoredBalance } from '@/lib/messaging/protocol';
import { apiKeyItem, balanceItem, gatewayItem, storedBalanceSchema } from '@/lib/storage/items';
import { gatewaySchema, isSandboxGateway, type Gateway } from '@/lib/settings/gateway';
import { mirrorItem } from '@/components/stores/mirror';

interface ConnectionState {
  /** From the background: whether a key is saved, and its masked form. */
  status: ConnectionStatus | null;
  statusError: ErrorReport | null;
  gateway: Gateway | null;
  isSandbox: boolean;
  /** The last balance the gateway reported, read straight from storage so it shows at once. */
  balance: StoredBalance | null;
  balanceLoaded: boolean;
  /** What the last answer said about the key, until this page gets its own (see keyHint). */
  keyHint: boolean;
}

const KEY_HINT = 'dossier:hasKey';

/**
 * A cold service worker reads all of its storage before it answers (a second with 10,000
 * history entries), so the popup does not wait for it to draw: it remembers, in the pages' own
 * localStorage, whether the last answer said a key was saved. Only a hint for drawing; every
 * action still goes through the background, and its answer replaces the hint at once.
 */
function readKeyHint(): boolean {
  try {
    return localStorage.getItem(KEY_HINT) === '1';
  } catch {
    return false;
  }
}

function writeKeyHint(hasKey: boolean): void {
  try {
    localStorage.setItem(KEY_HINT, hasKey ? '1' : '0');
  } catch {
    // Storage refused (private mode policies): the hint is only an optimisation.
  }
}

export const useConnection = create<ConnectionState>(() => ({
  status: null,
  statusError: null,
  gateway: null,
  isSandbox: false,
  balance: null,
  balanceLoaded: false,
  keyHint: readKeyHint(),
}));

export async function reloadStatus(): Promise<void> {
  const reply = await ask(() => sendMessage('getStatus', undefined));
  if (reply.ok) applyStatus(reply.value);
  else useConnection.setState({ statusError: reply.error });
}

export function applyStatus(status: ConnectionStatus): void {
  writeKeyHint(status.hasKey);
  useConnection.setState({ status, statusError: null, keyHint: status.hasKey });
}

/** Storage is input too: read through the balance's own schema (a damaged difference note is dropped, the balance kept). */
function readBalance(value: unknown): StoredBalance | null {
  const parsed = storedBalanceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function startConnectionMirror(): () => void {
  const stops = [
    mirrorItem(balanceItem, (value) => useConnection.setState({ balance: readBalance(value), balanceLoaded: true })),
    mirrorItem(gatewayItem, (value) => {
      const parsed = gatewaySchema.safeParse(value);
      const gateway = parsed.success ? parsed.data : null;
      useConnection.setState({ gateway, isSandbox: gateway ? isSandboxGateway(gateway) : false });
    }),
    // The key itself stays with the background: its change is only a signal to ask again
    // whether one is saved (and its masked form).
    apiKeyItem.watch(() => void reloadStatus()),
    gatewayItem.watch(() => void reloadStatus()),
  ];
  void reloadStatus();
  return () => stops.forEach((stop) => stop());
}
