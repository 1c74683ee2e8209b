import { findContact, getContact } from '@/lib/book/store';
import type { CardContacts } from '@/lib/card/contract';

export const NO_CONTACTS: CardContacts = { person: null, company: null };

/**
 * One read of the book for a card, by identity keys, strongest first. Extension pages run it
 * on the vault; the panel's frame asks the worker to run it (message `contactCard`): a frame
 * inside a web page cannot open the extension's IndexedDB (Chrome denies or partitions a
 * third-party frame's storage).
 */
export async function readCardContacts(keys: readonly string[]): Promise<CardContacts> {
  const found = await findContact(keys);
  if (!found) return NO_CONTACTS;
  if (found.kind === 'company') return { person: null, company: found };
  const company = found.companyId ? await getContact(found.companyId) : null;
  return { person: found, company: company?.kind === 'company' ? company : null };
}
