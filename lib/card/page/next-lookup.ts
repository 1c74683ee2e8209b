import type { PanelAction } from '@/lib/panel/page/actions';
import { ROW_ACTION, type CardHeader, type CardRow } from '@/lib/card/page/rows';

/**
 * The one lookup a card puts forward (its primary button): the first, in reading order, that
 * fills something still unknown and can run. Every other lookup stays a secondary button, so a
 * card never asks for two things with the same weight.
 */
export function nextLookup(header: CardHeader, rows: readonly CardRow[], canRun: (id: PanelAction['id']) => boolean): PanelAction['id'] | null {
  const places: { action: PanelAction['id'] | null; knownAt: number | null }[] = [
    { action: ROW_ACTION.header, knownAt: header.knownAt },
    // Addresses probably gone with the old job are as good as unknown: finding the new one comes first.
    ...rows.map((row) => ({ action: ROW_ACTION[row.id], knownAt: row.id === 'workEmail' && row.gone ? null : row.knownAt })),
  ];
  for (const { action, knownAt } of places) {
    if (action && knownAt === null && canRun(action)) return action;
  }
  return null;
}
