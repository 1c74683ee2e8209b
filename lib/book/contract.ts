import { z } from 'zod';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import { CRM_FIELDS, CRM_TARGETS, type PushPlan } from '@/lib/crm/types';
import { NOTICE_LANGUAGES } from '@/lib/notice/model';

/**
 * The contact book's part of the message protocol: its writes, which the worker makes (pages
 * read the book themselves, through lib/book/page/search.ts). None is a content-script message,
 * so the router takes them from Dossier's own pages only.
 */
const contactId = z.string().min(1).max(600);
export const BOOK_PUSH_MAX = 1_000;
/** A whole book may be selected. */
const contactIds = z.array(contactId).min(1).max(100_000);
const tag = z.string().trim().min(1).max(60);
const target = z.enum(CRM_TARGETS);

export const bookMessageSchemas = {
  /** The panel (a frame in a web page's tab) opens the book in a tab of its own. */
  openContactBook: z.undefined(),
  /** User tags ("Paris event") added to or removed from the selected contacts. */
  bookTag: z.object({ ids: contactIds, add: z.array(tag).max(20).default([]), remove: z.array(tag).max(1_000).default([]) }).strict(),
  /** Deletes the contacts; with `suppress`, their profile, emails and phones join the suppression list first. */
  bookForget: z.object({ ids: contactIds, suppress: z.boolean() }).strict(),
  /** What pushing this one contact would do in this CRM (the same plan as a push from a lookup). */
  bookCrmPlan: z.object({ id: contactId, target }).strict(),
  /**
   * Queues the selected people in the CRM outbox; the fields listed may replace values the CRM
   * holds. At most BOOK_PUSH_MAX at a time: the outbox is one stored list, rewritten at each step.
   */
  bookCrmPush: z
    .object({
      ids: z.array(contactId).min(1).max(BOOK_PUSH_MAX),
      target,
      overwrite: z.array(z.enum(CRM_FIELDS)).max(CRM_FIELDS.length).default([]),
      /** The user was warned of the stale emails among them and pushes anyway; without it such a push is refused (stale_email). */
      confirmStale: z.boolean().optional(),
    })
    .strict(),
  /** The article 14 notice as the user saw it (lib/notice/), for this person's next CRM note. */
  bookNoticeForCrm: z.object({ id: contactId, text: z.string().min(1).max(20_000), language: z.enum(NOTICE_LANGUAGES) }).strict(),
} as const;

export interface BookReplies {
  openContactBook: true;
  bookTag: { updated: number };
  bookForget: { forgotten: number; suppressed: number };
  bookCrmPlan: PushPlan;
  /** `skipped`: companies, and people without a name, which no CRM can file. */
  bookCrmPush: { queued: OutboxItemView[]; skipped: number };
  /** When the notice was prepared. */
  bookNoticeForCrm: { preparedAt: number };
}
