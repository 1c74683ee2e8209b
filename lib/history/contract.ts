import { z } from 'zod';
import type { HistoryEntry } from '@/lib/history/entry';

/** The history's messages, from Dossier's own pages. */
export const historyMessageSchemas = {
  getHistory: z.object({ limit: z.number().int().min(1).max(100_000).optional() }).strict(),
  exportHistory: z.object({ format: z.enum(['csv', 'json']) }).strict(),
  deleteHistory: z.object({ ids: z.array(z.string()).min(1).max(100_000) }).strict(),
  clearHistory: z.undefined(),
} as const;

export interface HistoryReplies {
  getHistory: HistoryEntry[];
  exportHistory: { filename: string; mimeType: string; content: string };
  deleteHistory: { remaining: number };
  clearHistory: { remaining: number };
}
