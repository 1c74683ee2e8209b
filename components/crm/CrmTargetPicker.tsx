import { useState } from 'react';
import type { CrmStatusReply } from '@/lib/crm/contract';
import type { CrmTarget } from '@/lib/crm/types';
import { useCrmStatus } from '@/components/crm/useCrm';

export interface CrmTargetChoice {
  /** null until the background answered. */
  status: CrmStatusReply | null;
  connected: CrmStatusReply['connected'];
  /** The CRM chosen, or the first connected one; null when none is connected. */
  chosen: CrmTarget | null;
  label: string;
  choose(target: CrmTarget): void;
}

/** Which connected CRM a push goes to: the user's choice while it stays connected, else the first. */
export function useCrmTarget(): CrmTargetChoice {
  const status = useCrmStatus();
  const connected = status?.connected ?? [];
  const [target, choose] = useState<CrmTarget | null>(null);
  const chosen = target && connected.some((c) => c.target === target) ? target : (connected[0]?.target ?? null);
  const label = connected.find((c) => c.target === chosen)?.label ?? '';
  return { status, connected, chosen, label, choose };
}

/** The labelled select of connected CRMs (the book's and the bulk page's push). */
export function CrmTargetSelect({ id, label, choice }: { id: string; label: string; choice: CrmTargetChoice }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={choice.chosen ?? ''} onChange={(e) => choice.choose(e.target.value as CrmTarget)}>
        {choice.connected.map((c) => (
          <option key={c.target} value={c.target}>
            {c.label}
          </option>
        ))}
      </select>
    </>
  );
}
