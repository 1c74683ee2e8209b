import { suppressionKeys } from '@/lib/lookup/suppression';
import { profileUrlOf } from '@/lib/book/worker/crm-contact';
import type { Contact } from '@/lib/book/model';

/**
 * "Forget, and add to the suppression list": the lines the suppression list gets for the
 * contacts forgotten, so that none of them is ever looked up again. A person's profile, every
 * email and every phone; a company's phone (never its domain, which would suppress everyone
 * who works there).
 */
export function suppressionLinesOf(contacts: readonly Contact[]): string[] {
  const lines: string[] = [];
  for (const contact of contacts) {
    if (contact.kind === 'company') {
      if (contact.phone) lines.push(contact.phone.e164);
      continue;
    }
    const profile = profileUrlOf(contact);
    if (profile) lines.push(profile);
    for (const email of [...contact.workEmails, ...contact.personalEmails]) lines.push(email.address);
    for (const phone of contact.phones) lines.push(phone.e164);
  }
  return [...new Set(lines)];
}

/**
 * The suppression list with `lines` added: a line whose every identity key the list already
 * covers is not added twice. Answers the new list and how many lines were added.
 */
export function addSuppressionLines(list: readonly string[], lines: readonly string[]): { list: string[]; added: number } {
  const covered = new Set(list.flatMap(suppressionKeys));
  const next = [...list];
  for (const line of lines) {
    const keys = suppressionKeys(line);
    if (!keys.length || keys.every((key) => covered.has(key))) continue;
    keys.forEach((key) => covered.add(key));
    next.push(line);
  }
  return { list: next, added: next.length - list.length };
}
