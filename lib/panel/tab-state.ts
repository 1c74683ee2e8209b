import { z } from 'zod';
import type { Detection } from '@/lib/detect/detection';
import type { LookupResponse } from '@/lib/lookup/contract';
import type { WebmailParticipants } from '@/lib/webmail/participant';

/** An email or phone number found on an ordinary page by the opt-in scanner. */
export interface FoundItem {
  kind: 'email' | 'phone';
  /** Lowercased email or E.164 number. */
  value: string;
  display: string;
}

/** Where the in-page frame sits and whether it is folded; the user's choice, kept across pages. */
export interface PanelLayout {
  collapsed: boolean;
  side: 'left' | 'right';
}

export const DEFAULT_LAYOUT: PanelLayout = { collapsed: false, side: 'right' };

/** A result the background shows in a tab's panel (right-click and keyboard lookups). */
export interface TabNotice {
  title: string;
  /** A lookup that ran; absent when nothing was looked up (the message says why). */
  response?: LookupResponse;
  message: string;
}

/** What the worker tells a tab's content script about its frame: null removes it. */
export interface FramePlacement extends PanelLayout {
  /** The panel's height in CSS pixels, as the frame measured it; absent until it did. */
  height?: number;
}

/**
 * What the worker knows of one tab, written by the tab's content scripts (through the worker)
 * and read by the frame and the side panel. It lives in storage.session: the worker is
 * stopped after 30 s idle and must not lose it, and storage.session is readable only by
 * trusted contexts (the worker and extension pages), never by a content script.
 */
export interface TabState {
  detection: Detection | null;
  found: FoundItem[];
  notice: TabNotice | null;
  /** On a web mail page (when the user turned web mail on): the open message's people; absent elsewhere. */
  mail?: WebmailParticipants | null;
  /** The document the content script reported from: a new one starts the tab afresh. */
  documentId?: string;
}

export const EMPTY_TAB_STATE: TabState = { detection: null, found: [], notice: null };

/** The storage.session key of a tab's state; the frame and the side panel watch it. */
export const tabStateKey = (tabId: number) => `session:tab:${tabId}` as const;

/** What the frame and the side panel ask for: their tab's state, the layout and the mode. */
export interface PanelTabState extends TabState {
  tabId: number;
  layout: PanelLayout;
}

// Page data is untrusted: a content script's report is bounded and shaped before it is kept.
const text = z.string().max(2_000);
const personSchema = z
  .object({
    fullName: text,
    headline: text,
    jobTitle: text,
    company: text,
    location: text,
    profileUrl: text,
    microblogUsername: text,
  })
  .partial()
  .strict();

export const detectionSchema = z
  .object({
    kind: z.enum(['person', 'company', 'salesLead', 'peopleSearch', 'microblogProfile', 'other']),
    url: z.string().url().max(4_000),
    person: personSchema.optional(),
    company: z.object({ name: text, url: text }).partial().strict().optional(),
    results: z
      .array(z.object({ key: text, fullName: text.optional(), headline: text.optional(), profileUrl: text.optional() }).strict())
      .max(200)
      .optional(),
    confidence: z.number().min(0).max(1),
    sources: z.array(z.string().max(40)).max(20),
  })
  .strict();

export const foundItemSchema = z
  .object({ kind: z.enum(['email', 'phone']), value: z.string().min(1).max(320), display: z.string().min(1).max(320) })
  .strict();

export const layoutSchema = z.object({ collapsed: z.boolean(), side: z.enum(['left', 'right']) }).strict();
