import { create } from 'zustand';
import { ask } from '@/components/platform/useBackground';
import { sendMessage } from '@/lib/contracts/messenger';
import type { ErrorReport } from '@/lib/contracts/protocol';
import type { ConnectionStatus } from '@/lib/settings/contract';
import type { StoredBalance } from '@/lib/balance/contract';
import { apiKeyItem, balanceItem, gatewayItem, storedBalanceSchema } from '@/lib/settings/stored';
import { gatewaySchema, isSandboxGateway, type Gateway } from '@/lib/settings/gateway';
import { mirrorItem } from '@/components/platform/mirror-store';
import { readKeyHint, writeKeyHint } from '@/lib/platform/ui/key-hint';

interface ConnectionState {
  /** From the background: whether a key is saved, and its masked form. */
  status: ConnectionStatus | null;
  statusError: ErrorReport | null;
  gateway: Gateway | null;
  isSandbox: boolean;
  gatewayLoaded: boolean;
  /** The last balance the gateway reported, read straight from storage so it shows at once. */
  balance: StoredBalance | null;
  balanceLoaded: boolean;
  /** What the last answer said about the key, until this page gets its own (see keyHint). */
  keyHint: boolean;
}

export const useConnection = create<ConnectionState>(() => ({
  status: null,
  statusError: null,
  gateway: null,
  isSandbox: false,
  gatewayLoaded: false,
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
      useConnection.setState({ gateway, isSandbox: gateway ? isSandboxGateway(gateway) : false, gatewayLoaded: true });
    }),
    // The key itself stays with the background: its change is only a signal to ask again
    // whether one is saved (and its masked form).
    apiKeyItem.watch(() => void reloadStatus()),
    gatewayItem.watch(() => void reloadStatus()),
  ];
  void reloadStatus();
  return () => stops.forEach((stop) => stop());
}
