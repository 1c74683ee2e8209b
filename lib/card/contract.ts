import { z } from 'zod';
import type { CompanyContact, PersonContact } from '@/lib/book/model';

/** The contact book's person (or company) a card shows, and the person's company. */
export interface CardContacts {
  person: PersonContact | null;
  company: CompanyContact | null;
}

export const cardMessageSchemas = {
  /**
   * The panel's frame: the contact book's card for these identity keys. The frame cannot open
   * the vault itself (a frame in a web page gets no, or partitioned, IndexedDB).
   */
  contactCard: z.object({ keys: z.array(z.string().min(1).max(500)).min(1).max(20) }).strict(),
} as const;

export interface CardReplies {
  contactCard: CardContacts;
}
