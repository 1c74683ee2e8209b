import { useState } from 'react';
import type { LookupResponse } from '@/lib/lookup/contract';
import type { PanelAction } from '@/lib/panel/page/actions';
import { usePreviews } from '@/components/panel/usePreviews';
import { useSpend, type LookupRequest } from '@/components/lookup/useLookup';
import type { UserGesture } from '@/components/lookup/spend-gate';

export type ActionId = PanelAction['id'];

/** A finished lookup of the card, for the screen around it (the panel's CRM section, its key check). */
export interface CardAnswer {
  action: PanelAction;
  request: LookupRequest;
  response: LookupResponse;
}

/**
 * The card's lookups through the one spend path (useSpend): one at a time, each from the user's
 * own click, priced beforehand by the worker (which knows the ledger). What each row's last
 * lookup came to stays on that row until it runs again.
 */
export function useCardLookups(actions: readonly PanelAction[], onAnswer?: (answer: CardAnswer) => void) {
  const spend = useSpend();
  const { previews, refreshPreviews } = usePreviews(actions);
  const [spending, setSpending] = useState<PanelAction | null>(null);
  const [outcomes, setOutcomes] = useState<Partial<Record<ActionId, LookupResponse>>>({});

  function run(action: PanelAction, refresh: boolean, gesture: UserGesture) {
    const request = { ...action.request, ...(refresh ? { refresh: true } : {}) };
    // A finished lookup stays on its row; the price of every row may have changed (the ledger).
    const onDone = (response: LookupResponse) => {
      setOutcomes((o) => ({ ...o, [action.id]: response }));
      onAnswer?.({ action, request, response });
      refreshPreviews();
    };
    if (!spend.run(request, gesture, { price: previews[action.id]?.price ?? null, onDone })) return;
    setSpending(action);
    setOutcomes(({ [action.id]: _previous, ...rest }) => rest);
  }

  return {
    spend,
    previews,
    outcomes,
    run,
    busy: spend.state.phase === 'running',
    /** The action whose spend state (running, confirm, lost answer, error) the card shows on its row. */
    active: spend.state.phase === 'idle' || spend.state.phase === 'done' ? null : spending,
  };
}

export type CardLookups = ReturnType<typeof useCardLookups>;
