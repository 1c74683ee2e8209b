import type { BookReplies } from '@/lib/book/contract';
import { crmContactOf, datedWorkEmails } from '@/lib/book/worker/crm-contact';
import { holdStalePush, staleEmails } from '@/lib/crm/worker/stale-push';
import type { DatedEmail } from '@/lib/book/freshness';
import { addSuppressionLines, suppressionLinesOf } from '@/lib/book/worker/forget';
import type { CompanyContact, Contact, ContactNotice, PersonContact } from '@/lib/book/model';
import type { CrmContact } from '@/lib/crm/contact';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import type { CrmField, CrmTarget, PushPlan } from '@/lib/crm/types';
import { t } from '@/lib/platform/i18n';
import type { Outcome } from '@/lib/contracts/protocol';
import type { Preferences } from '@/lib/settings/preferences';
import { CrmRefusal } from '@/lib/crm/worker/presence-check';
import type { Handlers } from '@/lib/contracts/handlers';

type BookHandlerName = keyof BookReplies;

export interface BookHandlerDeps {
  contacts: {
    get(ids: readonly string[]): Promise<Contact[]>;
    tag(ids: readonly string[], tags: { add: readonly string[]; remove: readonly string[] }): Promise<Contact[]>;
    forget(ids: readonly string[]): Promise<Contact[]>;
    /** Answers the people it was set on. */
    setNotice(id: string, notice: ContactNotice): Promise<Contact[]>;
  };
  now(): number;
  preferences: { read(): Promise<Preferences> };
  /** The settings' own save path (validation, then the panel's reaction to what changed). */
  savePreferences(prefs: Preferences): Promise<Outcome<Preferences>>;
  crm: {
    planContact(contact: CrmContact, target: CrmTarget): Promise<PushPlan>;
    pushContacts(contacts: readonly CrmContact[], target: CrmTarget, overwrite: readonly CrmField[]): Promise<OutboxItemView[]>;
  };
  /** Opens the contact book in a tab. */
  openBook(): Promise<void>;
}

/** Writes of many contacts go in transactions of this many, so no one transaction holds 100,000 records. */
const CHUNK = 1_000;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

const refuse = (kind: string, message: string) => ({ ok: false as const, error: { kind, message } });

/** A CRM refusal the user can act on travels as data, as in crm-handlers.ts. */
async function answer<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof CrmRefusal) return refuse(error.kind, error.message);
    throw error;
  }
}

/**
 * The contact book's writes, in the worker. The pages read the book themselves and ask for
 * every change here: tags, forgetting (and suppressing), pushing to a CRM through the outbox.
 */
export function createBookHandlers(deps: BookHandlerDeps): Pick<Handlers, BookHandlerName> {
  /** People as a CRM takes them, with their company's contact for its domain and website. */
  async function crmContacts(ids: readonly string[]): Promise<{ contacts: CrmContact[]; skipped: number; emails: DatedEmail[] }> {
    const found: Contact[] = [];
    for (const chunk of chunks(ids)) found.push(...(await deps.contacts.get(chunk)));
    const people = found.filter((c): c is PersonContact => c.kind === 'person');
    const companyIds = [...new Set(people.map((p) => p.companyId).filter((id): id is string => !!id))];
    const companies = new Map((await deps.contacts.get(companyIds)).filter((c): c is CompanyContact => c.kind === 'company').map((c) => [c.id, c]));
    const pushed = people.flatMap((p) => {
      const contact = crmContactOf(p, (p.companyId && companies.get(p.companyId)) || null);
      return contact ? [{ contact, emails: datedWorkEmails(p) }] : [];
    });
    return { contacts: pushed.map((p) => p.contact), skipped: ids.length - pushed.length, emails: pushed.flatMap((p) => p.emails) };
  }

  const now = () => deps.now();
  const valueAges = async () => (await deps.preferences.read()).valueAge;

  return {
    openContactBook: async () => {
      await deps.openBook();
      return { ok: true, value: true };
    },

    bookTag: async ({ ids, add, remove }) => {
      if (!add.length && !remove.length) return refuse('invalid_input', t('book.tags.nothingToDo'));
      let updated = 0;
      for (const chunk of chunks(ids)) updated += (await deps.contacts.tag(chunk, { add, remove })).length;
      return { ok: true, value: { updated } };
    },

    bookForget: async ({ ids, suppress }) => {
      let suppressed = 0;
      if (suppress) {
        // The suppression list is saved first: if it cannot be, nothing is forgotten, and the
        // user is never left with contacts gone but still allowed to be looked up again.
        const contacts: Contact[] = [];
        for (const chunk of chunks(ids)) contacts.push(...(await deps.contacts.get(chunk)));
        const prefs = await deps.preferences.read();
        const { list, added } = addSuppressionLines(prefs.privacy.suppression, suppressionLinesOf(contacts));
        if (added) {
          const saved = await deps.savePreferences({ ...prefs, privacy: { ...prefs.privacy, suppression: list } });
          if (!saved.ok) return refuse(saved.error.kind, t('book.forget.notSuppressed', { reason: saved.error.message }));
        }
        suppressed = added;
      }
      let forgotten = 0;
      for (const chunk of chunks(ids)) forgotten += (await deps.contacts.forget(chunk)).length;
      return { ok: true, value: { forgotten, suppressed } };
    },

    bookCrmPlan: ({ id, target }) =>
      answer(async () => {
        const { contacts, emails } = await crmContacts([id]);
        if (!contacts[0]) throw new CrmRefusal('invalid_input', t('book.crm.notAPerson'));
        const [plan, ages] = await Promise.all([deps.crm.planContact(contacts[0], target), valueAges()]);
        return { ...plan, stale: staleEmails(emails, now(), ages) };
      }),

    bookCrmPush: ({ ids, target, overwrite, confirmStale }) =>
      answer(async () => {
        const { contacts, skipped, emails } = await crmContacts(ids);
        if (!contacts.length) throw new CrmRefusal('invalid_input', t('book.crm.notAPerson'));
        holdStalePush(emails, confirmStale === true, now(), await valueAges());
        return { queued: await deps.crm.pushContacts(contacts, target, overwrite), skipped };
      }),

    bookNoticeForCrm: async ({ id, text, language }) => {
      const preparedAt = deps.now();
      const set = await deps.contacts.setNotice(id, { text, language, preparedAt });
      if (!set.some((c) => c.kind === 'person')) return refuse('invalid_input', t('book.crm.notAPerson'));
      return { ok: true, value: { preparedAt } };
    },
  };
}
