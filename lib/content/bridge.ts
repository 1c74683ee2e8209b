import type { Detection } from '../extract/detection';
import type { TabNotice } from '../messaging/content-protocol';

/** An email or phone number found on an ordinary page by the opt-in scanner. */
export interface FoundItem {
  kind: 'email' | 'phone';
  /** Lowercased email or E.164 number. */
  value: string;
  display: string;
}

export interface BridgeState {
  detection: Detection | null;
  notice: TabNotice | null;
  found: FoundItem[];
  panelMounted: boolean;
}

export interface Bridge {
  state: BridgeState;
  set(change: Partial<BridgeState>): void;
  subscribe(listener: (state: BridgeState) => void): () => void;
}

declare global {
  // eslint-disable-next-line no-var
  var __dossierBridge: Bridge | undefined;
}

/**
 * The small on-load detector and the panel (injected later, only when shown) are separate
 * content scripts, but share the extension's isolated world: this object on that world's
 * global is how the detector hands what it saw to the panel. The page's own scripts live in
 * another world and cannot see it.
 */
export function contentBridge(): Bridge {
  if (!globalThis.__dossierBridge) {
    const listeners = new Set<(state: BridgeState) => void>();
    const bridge: Bridge = {
      state: { detection: null, notice: null, found: [], panelMounted: false },
      set(change) {
        bridge.state = { ...bridge.state, ...change };
        for (const listener of listeners) listener(bridge.state);
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    globalThis.__dossierBridge = bridge;
  }
  return globalThis.__dossierBridge;
}
