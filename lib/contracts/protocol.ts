import type { DifferenceCause } from '@/lib/history/difference-causes';
import { z } from 'zod';
import { crmMessageSchemas, type CrmReplies } from '@/lib/crm/contract';
import type { CardContacts } from '@/lib/card/book';
import { bookMessageSchemas, type BookReplies } from '@/lib/book/contract';
import { bulkMessageSchemas, type BulkReplies } from '@/lib/bulk/contract';
import { bulkPageMessageSchemas, type BulkPageReplies } from '@/lib/bulk/open-page-contract';
import type { HistoryEntry } from '@/lib/history/entry';
import { OPERATION_NAMES } from '@/lib/lookup/operation-names';
import type { LookupResponse, Preview } from '@/lib/lookup/contract';
import { gatewaySchema, type Gateway } from '@/lib/settings/gateway';
import { isLanguageChoice, type LanguageChoice } from '@/lib/platform/i18n/locales';
import type { Preferences } from '@/lib/settings/preferences';
import { THEME_CHOICES, type ThemeChoice } from '@/lib/settings/theme-choice';
import { detectionSchema, foundItemSchema, layoutSchema, type FramePlacement, type PanelTabState } from '@/lib/panel/tab-state';
import { webmailParticipantsSchema } from '@/lib/webmail/contract';
import { clipboardMessageSchemas, type ClipboardReplies } from '@/lib/clipboard/contract';

/** An error that crosses a context boundary: plain data, a message a user can read. */
export interface ErrorReport {
  kind: string;
  message: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorReport };

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

export interface ConnectionStatus {
  hasKey: boolean;
  maskedKey: string | null;
  gateway: Gateway;
  isSandbox: boolean;
  balance: StoredBalance | null;
}

export type ConnectionTest =
  | { status: 'ok'; credits: number }
  | { status: 'invalid_key' | 'no_credits' | 'unreachable' | 'error'; message: string };

/**
 * Every message any context may send to the background, with the zod schema its data must
 * pass before a handler sees it. Messages arrive from pages we do not control, so the
 * schema is the contract, not the TypeScript type.
 */
const lookupRequest = z
  .object({
    /** Only the operations Dossier offers: anything else is refused before a handler sees it. */
    op: z.enum(OPERATION_NAMES),
    input: z.record(z.string(), z.unknown()),
    refresh: z.boolean().optional(),
    confirmed: z.boolean().optional(),
    /** The caller's id for this attempt, to ask for its outcome if the connection drops. */
    attemptId: z.string().uuid().optional(),
  })
  .strict();

export const messageSchemas = {
  getStatus: z.undefined(),
  getCredits: z.object({ refresh: z.boolean().default(false) }).strict(),
  saveConnection: z.object({ gateway: gatewaySchema, apiKey: z.string().optional() }).strict(),
  testConnection: z.object({ gateway: gatewaySchema, apiKey: z.string().optional() }).strict(),
  /** The popup or the settings: the user has seen the balance difference shown beside the balance. */
  dismissBalanceDifference: z.object({ historyId: z.string().min(1).max(100) }).strict(),
  lookup: lookupRequest,
  preview: lookupRequest.pick({ op: true, input: true }).strict(),
  /** The outcome of an attempt whose answer the caller never received (the worker stopped). */
  lookupOutcome: z.object({ attemptId: z.string().uuid() }).strict(),
  getHistory: z.object({ limit: z.number().int().min(1).max(100_000).optional() }).strict(),
  exportHistory: z.object({ format: z.enum(['csv', 'json']) }).strict(),
  deleteHistory: z.object({ ids: z.array(z.string()).min(1).max(100_000) }).strict(),
  clearHistory: z.undefined(),
  getPreferences: z.undefined(),
  savePreferences: z.unknown(),
  /** Settings: the interface language ("auto": the browser's); every page and the worker follow it at once. */
  saveLanguage: z.object({ language: z.custom<LanguageChoice>(isLanguageChoice) }).strict(),
  /** Settings: light, dark or the system's; every page and the panel follow it at once. */
  saveTheme: z.object({ theme: z.enum(THEME_CHOICES) }).strict(),
  panelStatus: z.undefined(),
  openSettings: z.undefined(),
  /** Every screen without a key links to the welcome page (the panel's frame cannot open a tab itself). */
  openWelcome: z.undefined(),
  /**
   * The in-page panel's frame in Firefox, which may not open the sidebar itself: opens Dossier's
   * toolbar menu, whose Open sidebar button does (lib/worker/toolbar-menu.ts).
   */
  openMenu: z.undefined(),
  /**
   * Content script: what the detector read on its own tab (the tab is the sender's, never a
   * field of the message). Answers where to put the panel's frame, or null for no frame.
   */
  reportDetection: z.object({ detection: detectionSchema.nullable() }).strict(),
  /** Content script (the opt-in scanner): the emails and phones found on its own tab. */
  reportFound: z.object({ items: z.array(foundItemSchema).max(500) }).strict(),
  /**
   * Content script (the web mail reader): the open message's participants on its own tab, or null
   * when no message is open. Answers whether to show the launcher beside the sender, and its
   * label in the user's language (a content script carries no catalog).
   */
  reportParticipants: z.object({ mail: webmailParticipantsSchema.nullable() }).strict(),
  /** Content script (the web mail reader): the user clicked the launcher; its own tab's panel opens. */
  openMailPanel: z.undefined(),
  /**
   * The panel frame (its own tab, from the sender) or the side panel and popup (`tabId`, an
   * extension page naming the tab it shows): that tab's detection, found items, notice, layout.
   */
  panelState: z.object({ tabId: z.number().int().nonnegative().optional() }).strict(),
  /** The panel frame: the user moved or folded it; `height` is what its content measures. */
  setPanelLayout: layoutSchema.extend({ height: z.number().int().min(0).max(20_000).optional() }).strict(),
  /** The panel frame: the user closed it (button or Escape). */
  closePanel: z.undefined(),
  /** The first-run question or the settings: in-page frame or stealth (side panel only). */
  choosePanelMode: z.object({ mode: z.enum(['frame', 'stealth']), tabId: z.number().int().nonnegative().optional() }).strict(),
  /**
   * The panel's frame: the contact book's card for these identity keys. The frame cannot open
   * the vault itself (a frame in a web page gets no, or partitioned, IndexedDB).
   */
  contactCard: z.object({ keys: z.array(z.string().min(1).max(500)).min(1).max(20) }).strict(),
  /** Settings › Privacy: everything Dossier keeps, as one file (never the key). */
  exportAllData: z.undefined(),
  /** Settings › Privacy: history, ledger, journal, balance, preferences and key, all gone. */
  deleteAllData: z.undefined(),
  /** CRM connections, pushes, the outbox and exports (lib/crm/contract.ts). */
  ...crmMessageSchemas,
  /** The contact book's writes and the way the panel opens it (lib/book/contract.ts). */
  ...bookMessageSchemas,
  /** Bulk enrichment: runs, their quote and confirmation, the collecting list (lib/bulk/contract.ts). */
  ...bulkMessageSchemas,
  /** The panel's way to the bulk enrichment page (lib/bulk/open-page-contract.ts). */
  ...bulkPageMessageSchemas,
  /** Copy through the extension, for a page whose own clipboard is refused (lib/clipboard/contract.ts). */
  ...clipboardMessageSchemas,
} as const;

export type MessageName = keyof typeof messageSchemas;
export type MessageData<N extends MessageName> = z.input<(typeof messageSchemas)[N]>;

/** What each message answers. Every answer is an Outcome, so a refusal is data, not a throw. */
export interface Replies extends CrmReplies, BookReplies, BulkReplies, BulkPageReplies, ClipboardReplies {
  getStatus: ConnectionStatus;
  getCredits: StoredBalance;
  saveConnection: ConnectionStatus;
  testConnection: ConnectionTest;
  dismissBalanceDifference: StoredBalance | null;
  lookup: LookupResponse;
  preview: Preview;
  /** null when the worker never saw the attempt: then nothing was sent. */
  lookupOutcome: LookupResponse | null;
  getHistory: HistoryEntry[];
  exportHistory: { filename: string; mimeType: string; content: string };
  deleteHistory: { remaining: number };
  clearHistory: { remaining: number };
  getPreferences: Preferences;
  savePreferences: Preferences;
  saveLanguage: { language: LanguageChoice };
  saveTheme: { theme: ThemeChoice };
  panelStatus: PanelStatus;
  openSettings: true;
  openWelcome: true;
  /** false: the browser would not open it (the user opens it from the toolbar button). */
  openMenu: boolean;
  reportDetection: { frame: FramePlacement | null };
  reportFound: true;
  reportParticipants: { launcher: boolean; launcherLabel: string };
  openMailPanel: true;
  panelState: PanelTabState;
  setPanelLayout: true;
  closePanel: true;
  choosePanelMode: Preferences;
  contactCard: CardContacts;
  exportAllData: { filename: string; mimeType: string; content: string };
  deleteAllData: { deleted: true };
}

/** What an in-page panel may know about the connection: no key, no address, nothing secret. */
export interface PanelStatus {
  hasKey: boolean;
  isSandbox: boolean;
  credits: number | null;
}

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
