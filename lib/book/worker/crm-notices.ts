import { findContact, markNoticeNoted } from '@/lib/book/store';

/**
 * The article 14 notices waiting in the book for a person's next CRM note (model.ts `notice`),
 * as the CRM service asks for them when it queues a push, and marks them once a note holding one
 * was delivered (lib/crm/worker/presence-check.ts).
 */
export const crmNotices = {
  /** The notice not yet carried by a push, for the person the CRM contact's identity names. */
  async pending(identity: string): Promise<{ id: string; text: string; preparedAt: number } | null> {
    const person = await findContact([identity]);
    if (person?.kind !== 'person' || !person.notice || person.notice.notedAt !== undefined) return null;
    return { id: person.id, text: person.notice.text, preparedAt: person.notice.preparedAt };
  },
  /** Carried (a delivered note held it): the next push's note leaves it out (a newer notice prepared since stays waiting). */
  async noted(id: string, preparedAt: number, at: number): Promise<void> {
    await markNoticeNoted(id, preparedAt, at);
  },
};
