import { foldName } from '@/lib/identity/fold';
import type { Contact } from '@/lib/book/model';

/**
 * The search words of a contact, for the `words` index of the contacts store: a search is a
 * prefix range on that index (`IDBKeyRange.bound(word, word + '\uffff')`), so a keystroke reads
 * only matching records, never the whole book. Names and companies are folded (case, accents),
 * emails are kept whole and by local part and domain, phones by their digits with and without
 * the country code, so that "maya", "northwind", "maya.chen@", "northwind.example" and "0612"
 * all find the same person.
 */
export function searchWords(contact: Contact): string[] {
  const words = new Set<string>();
  const addText = (text: string | undefined) => {
    if (!text) return;
    for (const word of foldName(text).split(' ')) if (word) words.add(word);
  };
  const addEmail = (address: string) => {
    const email = address.toLowerCase();
    words.add(email);
    const [local, domain] = email.split('@');
    if (local) words.add(local);
    if (domain) words.add(domain);
  };
  const addPhone = (e164: string, international: string) => {
    const digits = e164.replace(/\D/g, '');
    words.add(digits);
    // The national form as people type it: the international display form after its country code.
    const national = international.replace(/^\+\d+\s*/, '').replace(/\D/g, '');
    if (national) {
      words.add(national);
      words.add(`0${national}`);
    }
  };

  addText(contact.name?.value);
  if (contact.kind === 'person') {
    addText(contact.companyName?.value);
    addText(contact.title?.value);
    for (const email of [...contact.workEmails, ...contact.personalEmails]) addEmail(email.address);
    for (const phone of contact.phones) addPhone(phone.e164, phone.international);
    if (contact.microblog) words.add(contact.microblog.value.toLowerCase().replace(/^@/, ''));
  } else {
    if (contact.domain) words.add(contact.domain.value.toLowerCase());
    addText(contact.industry?.value);
    if (contact.phone) addPhone(contact.phone.e164, contact.phone.international);
  }
  const slug = contact.id.match(/^(?:person|company):(.+)$/)?.[1];
  if (slug) words.add(slug.toLowerCase());
  return [...words].filter((w) => w.length <= 200);
}

/** What the user typed, as the words to look up: each must prefix one of the contact's words. */
export function queryWords(query: string): string[] {
  const trimmed = query.trim().toLowerCase();
  if (!trimmed) return [];
  if (trimmed.includes('@')) return [trimmed];
  const phoneLike = /^[+\d][\d\s().-]{3,}$/.test(trimmed);
  if (phoneLike) return [trimmed.replace(/\D/g, '')];
  return foldName(trimmed).split(' ').filter(Boolean);
}
