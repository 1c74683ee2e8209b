import { create } from 'zustand';
import { storage } from 'wxt/utils/storage';
import { ask } from '@/components/useBackground';
import { sendMessage } from '@/lib/messaging/messenger';
import type { ConnectionStatus, ErrorReport, StoredBalance } from '@/lib/messaging/protocol';
import { balanceItem, gatewayItem } from '@/lib/storage/items';
import { gatewaySchema, isSandboxGateway, type Gateway } from '@/lib/settings/gateway';
import { mirrorItem } from './mirror';

interface ConnectionState {
  /** From the background: whether a key is saved, and its masked form. */
  status: ConnectionStatus | null;
  statusError: ErrorReport | null;
  gateway: Gateway | null;
  isSandbox: boolean;
  /** The last balance the gateway reported, read straight from storage so it shows at once. */
  balance: StoredBalance | null;
  balanceLoaded: boolean;
}

export const useConnection = create<ConnectionState>(() => ({
  status: null,
  statusError: null,
  gateway: null,
  isSandbox: false,
  balance: null,
  balanceLoaded: false,
}));

export async function reloadStatus(): Promise<void> {
  const reply = await ask(() => sendMessage('getStatus', undefined));
  if (reply.ok) useConnection.setState({ status: reply.value, statusError: null });
  else useConnection.setState({ statusError: reply.error });
}

function readBalance(value: unknown): StoredBalance | null {
  const v = value as StoredBalance | null;
  return v && Number.isFinite(v.credits) && Number.isFinite(v.at) ? v : null;
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
    storage.watch('local:apiKey', () => void reloadStatus()),
    storage.watch('local:gateway', () => void reloadStatus()),
  ];
  void reloadStatus();
  return () => stops.forEach((stop) => stop());
}
