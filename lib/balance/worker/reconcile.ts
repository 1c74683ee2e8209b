import { BALANCE_DIFFERENCE, type BalanceDifference, type HistoryEntry } from '@/lib/history/entry';
import { isLookupEntry } from '@/lib/history/entry-kind';
import type { BalanceBaseline } from '@/lib/settings/stored';
import { createSerialQueue } from '@/lib/platform/storage/serial';
import { normaliseApiKey } from '@/lib/enrichment/api-key';

/**
 * Every balance the worker reads is held against what Dossier's lookups cost since the previous
 * reading. What the lookups cannot explain is recorded in history as its own entry and shown
 * where the balance is: the browser may send a paid request a second time without telling the
 * extension (a reused connection reset before any answer, a 408), another device or a teammate
 * may spend on the same key, a top-up or a refund may add credits. Nothing is hidden.
 *
 * A reading counts only when no paid lookup was in flight while it was asked: a charge that may
 * land on either side of it would otherwise be counted on the wrong side. Such a reading is
 * passed over, and the next quiet one covers the longer stretch. What the lookups cost since the
 * last quiet reading is added up as each is recorded, never read back from history by time: a
 * deleted entry, or two events in one millisecond, must not make a difference appear.
 */

export type { BalanceBaseline };

export interface BalanceReading {
  account: string;
  credits: number;
  at: number;
  /** No paid lookup was in flight from when it was asked to when it was answered. */
  quiet: boolean;
}

export interface ReconcileDeps {
  readBaseline(): Promise<BalanceBaseline | null>;
  writeBaseline(baseline: BalanceBaseline): Promise<void>;
  /** Records the difference (history) and marks the lookups that may have caused it. */
  recordDifference(entry: HistoryEntry, suspects: readonly string[]): Promise<void>;
  newId(): string;
}

/** The lookups kept as possible causes: the latest (a bulk run charges thousands between two quiet readings). */
export const MAX_CHARGED_KEPT = 50;

/** What one recorded lookup adds to the spending since the baseline; null when it cannot have charged. */
function chargeOf(entry: HistoryEntry): { cost: number; most: number } | null {
  if (!isLookupEntry(entry)) return null;
  const most = entry.outcome === 'unknown' ? Math.max(entry.cost, entry.maxCost ?? 0) : entry.cost;
  return most > 0 ? { cost: entry.cost, most } : null;
}

/** The baseline with one more recorded lookup counted (once: an entry recorded again replaces its count). */
export function withLookup(baseline: BalanceBaseline, entry: HistoryEntry): BalanceBaseline {
  const charge = chargeOf(entry);
  const earlier = baseline.charged.find((c) => c.id === entry.id);
  if (!charge && !earlier) return baseline;
  const known = baseline.known - (earlier?.cost ?? 0) + (charge?.cost ?? 0);
  const uncertain = baseline.uncertain - (earlier ? earlier.most - earlier.cost : 0) + (charge ? charge.most - charge.cost : 0);
  const others = baseline.charged.filter((c) => c.id !== entry.id);
  const charged = charge ? [...others, { id: entry.id, ...charge }].slice(-MAX_CHARGED_KEPT) : others;
  return { ...baseline, known, uncertain, charged, lookups: baseline.lookups + (charge && !earlier ? 1 : 0) };
}

/**
 * Why the balance moved more than the lookups explain. A lookup charged again costs what it
 * cost once more: when exactly one lookup cost (or may have cost) the extra, it is the likely
 * cause. With no lookup that could charge since the baseline, the spending came from elsewhere.
 */
function causeOf(extra: number, baseline: BalanceBaseline): Pick<BalanceDifference, 'cause' | 'suspects'> {
  if (baseline.lookups === 0) return { cause: 'elsewhere', suspects: [] };
  const repeated = baseline.charged.filter((lookup) => lookup.most === extra);
  if (repeated.length === 1) return { cause: 'repeat', suspects: [repeated[0]!.id] };
  // Several could be the one charged twice (a bulk run of one price): each may have been, none is blamed.
  return { cause: 'unclear', suspects: (repeated.length > 1 ? repeated : baseline.charged).map((lookup) => lookup.id) };
}

/** The difference a reading shows against the baseline, or null when the lookups explain it. */
export function differenceOf(baseline: BalanceBaseline, reading: Pick<BalanceReading, 'credits' | 'at'>): BalanceDifference | null {
  const moved = baseline.credits - reading.credits;
  const span = { from: baseline.at, to: reading.at, before: baseline.credits, after: reading.credits, expected: baseline.known };
  if (moved > baseline.known + baseline.uncertain) {
    const extra = moved - baseline.known - baseline.uncertain;
    return { ...span, credits: extra, ...causeOf(extra, baseline) };
  }
  if (moved < baseline.known) return { ...span, credits: baseline.known - moved, cause: 'added', suspects: [] };
  return null;
}

/**
 * Credits the daily cap counts for a difference: what Dossier's own lookups were charged again
 * (or may have been) is spent by Dossier; spending from elsewhere and credits added are not.
 */
function dossierCost(difference: BalanceDifference): number {
  return difference.cause === 'repeat' || difference.cause === 'unclear' ? difference.credits : 0;
}

export function differenceEntry(id: string, difference: BalanceDifference): HistoryEntry {
  return {
    id,
    op: BALANCE_DIFFERENCE,
    subject: `${difference.before} → ${difference.after}`,
    input: {},
    identity: null,
    outcome: 'difference',
    cost: dossierCost(difference),
    fromLedger: false,
    paidAt: null,
    at: difference.to,
    pageUrl: null,
    error: null,
    difference,
  };
}

/** One account: the gateway and the key, never the key itself (a digest; storage holds no second copy). */
export async function accountOf(gatewayUrl: string, apiKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${gatewayUrl}\n${normaliseApiKey(apiKey)}`));
  return [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createBalanceReconciler(deps: ReconcileDeps) {
  // Readings and recorded lookups change the one baseline: one at a time.
  const serial = createSerialQueue();

  /** A lookup's entry is in history: what it cost (or may have) counts until the next quiet reading. */
  function recorded(entry: HistoryEntry): Promise<void> {
    if (!isLookupEntry(entry)) return Promise.resolve();
    return serial(async () => {
      const baseline = await deps.readBaseline();
      if (!baseline) return;
      const next = withLookup(baseline, entry);
      if (next !== baseline) await deps.writeBaseline(next);
    });
  }

  /** Holds one reading against the last quiet one; answers the difference it recorded, if any. */
  function reading(read: BalanceReading): Promise<HistoryEntry | null> {
    return serial(async () => {
      if (!read.quiet) return null;
      const baseline = await deps.readBaseline();
      const sameAccount = baseline?.account === read.account;
      // An answer older than the baseline (two readings at once): the baseline already covers it.
      if (baseline && sameAccount && read.at < baseline.at) return null;
      // A first reading, or another key or gateway: only a new start.
      const difference = baseline && sameAccount ? differenceOf(baseline, read) : null;
      let entry: HistoryEntry | null = null;
      if (difference) {
        entry = differenceEntry(deps.newId(), difference);
        await deps.recordDifference(entry, difference.suspects);
      }
      await deps.writeBaseline({ account: read.account, credits: read.credits, at: read.at, known: 0, uncertain: 0, lookups: 0, charged: [] });
      return entry;
    });
  }

  return { recorded, reading };
}

export type BalanceReconciler = ReturnType<typeof createBalanceReconciler>;
