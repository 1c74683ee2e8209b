import { z } from 'zod';
import { balanceMessageSchemas, type BalanceReplies } from '@/lib/balance/contract';
import { bookMessageSchemas, type BookReplies } from '@/lib/book/contract';
import { bulkMessageSchemas, type BulkReplies } from '@/lib/bulk/contract';
import { bulkPageMessageSchemas, type BulkPageReplies } from '@/lib/bulk/open-page-contract';
import { cardMessageSchemas, type CardReplies } from '@/lib/card/contract';
import { clipboardMessageSchemas, type ClipboardReplies } from '@/lib/clipboard/contract';
import { crmMessageSchemas, type CrmReplies } from '@/lib/crm/contract';
import { historyMessageSchemas, type HistoryReplies } from '@/lib/history/contract';
import { lookupMessageSchemas, type LookupReplies } from '@/lib/lookup/contract';
import { networkSafetyMessageSchemas, type NetworkSafetyReplies } from '@/lib/network-safety/contract';
import { panelMessageSchemas, type PanelReplies } from '@/lib/panel/contract';
import { settingsMessageSchemas, type SettingsReplies } from '@/lib/settings/contract';
import { webmailMessageSchemas, type WebmailReplies } from '@/lib/webmail/contract';

/** An error that crosses a context boundary: plain data, a message a user can read. */
export interface ErrorReport {
  kind: string;
  message: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorReport };

/**
 * Every message any context may send to the background, with the zod schema its data must
 * pass before a handler sees it, assembled from each feature's contract (its `contract.ts`).
 * Messages arrive from pages we do not control, so the schema is the contract, not the
 * TypeScript type.
 */
export const messageSchemas = {
  ...settingsMessageSchemas,
  ...balanceMessageSchemas,
  ...lookupMessageSchemas,
  ...historyMessageSchemas,
  /** The in-page panel, the side panel, and what content scripts report of their own tab. */
  ...panelMessageSchemas,
  ...cardMessageSchemas,
  /** The web mail reader's reports and its launcher. */
  ...webmailMessageSchemas,
  /** CRM connections, pushes, the outbox and exports. */
  ...crmMessageSchemas,
  /** The contact book's writes and the way the panel opens it. */
  ...bookMessageSchemas,
  /** Bulk enrichment: runs, their quote and confirmation, the collecting list. */
  ...bulkMessageSchemas,
  /** The panel's way to the bulk enrichment page. */
  ...bulkPageMessageSchemas,
  /** Copy through the extension, for a page whose own clipboard is refused. */
  ...clipboardMessageSchemas,
  /** The profile-view counter, read by the popup. */
  ...networkSafetyMessageSchemas,
} as const;

export type MessageName = keyof typeof messageSchemas;
export type MessageData<N extends MessageName> = z.input<(typeof messageSchemas)[N]>;

/** What each message answers. Every answer is an Outcome, so a refusal is data, not a throw. */
export interface Replies
  extends SettingsReplies, BalanceReplies, LookupReplies, HistoryReplies, PanelReplies, CardReplies, WebmailReplies, CrmReplies, BookReplies, BulkReplies, BulkPageReplies, ClipboardReplies, NetworkSafetyReplies {}

export type ProtocolMap = {
  [N in MessageName]: (data: MessageData<N>) => Outcome<Replies[N]>;
};

/**
 * The only messages a content script may send: reports of what it read on its own tab. The
 * router refuses every other message unless its sender is one of the extension's own pages
 * (lib/platform/messaging/sender.ts), so a page, or a content script it confused, can ask for nothing
 * that costs, reveals or changes anything.
 */
export const CONTENT_SCRIPT_MESSAGES: ReadonlySet<MessageName> = new Set<MessageName>(['reportDetection', 'reportFound', 'reportParticipants', 'openMailPanel']);
