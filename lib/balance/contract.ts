import { z } from 'zod';
import type { DifferenceCause } from '@/lib/history/difference-causes';

/** The balance as the gateway last reported it, kept by the worker, shown by every screen. */
export interface StoredBalance {
  credits: number;
  /** Epoch ms when the gateway reported it. */
  at: number;
  /** The last balance difference found (reconcile.ts), shown beside the balance until dismissed. */
  difference?: BalanceDifferenceNotice;
}

/** What the screens that show the balance say of a difference; the whole of it is in history. */
export interface BalanceDifferenceNotice {
  historyId: string;
  cause: DifferenceCause;
  credits: number;
  from: number;
  to: number;
}

/** The balance's messages, from Dossier's own pages. */
export const balanceMessageSchemas = {
  getCredits: z.object({ refresh: z.boolean().default(false) }).strict(),
  /** The popup or the settings: the user has seen the balance difference shown beside the balance. */
  dismissBalanceDifference: z.object({ historyId: z.string().min(1).max(100) }).strict(),
} as const;

export interface BalanceReplies {
  getCredits: StoredBalance;
  dismissBalanceDifference: StoredBalance | null;
}
