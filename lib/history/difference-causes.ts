/**
 * Why a balance moved otherwise than Dossier's lookups explain (lib/balance/worker/reconcile.ts):
 *   repeat    one lookup cost exactly the extra: likely charged twice
 *   unclear   more was spent than the lookups cost, and no single lookup explains it
 *   elsewhere no lookup of Dossier's could charge in between: spent outside Dossier
 *   added     fewer credits were spent than the lookups cost: a top-up or a refund
 * Apart from history's schemas, so that the stored balance and the protocol name them without them.
 */
export const DIFFERENCE_CAUSES = ['repeat', 'unclear', 'elsewhere', 'added'] as const;
export type DifferenceCause = (typeof DIFFERENCE_CAUSES)[number];
