import type { BulkCrmSummary } from '@/lib/bulk/contract';
import type { BulkRow } from '@/lib/bulk/model';
import { mapBounded } from '@/lib/bulk/worker/quote';
import { crmContactOf } from '@/lib/book/worker/crm-contact';
import type { CompanyContact, Contact, PersonContact } from '@/lib/book/model';
import type { CrmContact } from '@/lib/crm/contact';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import type { CrmField, CrmTarget, PushPlan } from '@/lib/crm/types';
import { CrmRefusal } from '@/lib/crm/worker/presence-check';

/**
 * "Push all matched to the CRM" for a bulk run: the people its rows found, as the contact book
 * merged them, each once, through the CRM service's usual match-before-write plan and outbox.
 */
export interface BulkCrmDeps {
  readRows(runId: string, from: number, limit: number): Promise<BulkRow[]>;
  contacts(ids: readonly string[]): Promise<Contact[]>;
  crm: {
    planContact(contact: CrmContact, target: CrmTarget): Promise<PushPlan>;
    pushContacts(contacts: readonly CrmContact[], target: CrmTarget, overwrite: readonly CrmField[]): Promise<OutboxItemView[]>;
  };
}

/** Contacts per read and per outbox write: no one transaction holds a whole run. */
const CHUNK = 1_000;
/** Plans asked at once: each is a search in the CRM, under that CRM's own rate limit. */
const PLANS_AT_ONCE = 4;
const ANSWERED = new Set(['paid', 'free', 'cached']);

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** The contact ids of the rows that found someone, in row order, and how many such rows there were. */
async function matchedContactIds(deps: BulkCrmDeps, runId: string): Promise<{ ids: string[]; rows: number }> {
  const ids = new Set<string>();
  let rows = 0;
  for (let from = 0; ; ) {
    const page = await deps.readRows(runId, from, CHUNK);
    for (const row of page) {
      if (!row.contactId || !row.tasks.some((task) => task.state === 'done' && ANSWERED.has(task.outcome ?? ''))) continue;
      rows++;
      ids.add(row.contactId);
    }
    if (page.length < CHUNK) break;
    from = page[page.length - 1]!.index + 1;
  }
  return { ids: [...ids], rows };
}

/** The people as a CRM takes them (with their company's domain and website); the rest counted as skipped. */
async function crmContactsOf(deps: BulkCrmDeps, ids: readonly string[]): Promise<{ contacts: CrmContact[]; skipped: number }> {
  const found: Contact[] = [];
  for (const chunk of chunks(ids)) found.push(...(await deps.contacts(chunk)));
  const people = found.filter((c): c is PersonContact => c.kind === 'person');
  const companyIds = [...new Set(people.map((p) => p.companyId).filter((id): id is string => !!id))];
  const companies = new Map<string, CompanyContact>();
  for (const chunk of chunks(companyIds)) {
    for (const c of await deps.contacts(chunk)) if (c.kind === 'company') companies.set(c.id, c);
  }
  const contacts = people.map((p) => crmContactOf(p, (p.companyId && companies.get(p.companyId)) || null)).filter((c): c is CrmContact => c !== null);
  return { contacts, skipped: ids.length - contacts.length };
}

export async function planBulkPush(deps: BulkCrmDeps, runId: string, target: CrmTarget): Promise<BulkCrmSummary> {
  const { ids, rows } = await matchedContactIds(deps, runId);
  const { contacts, skipped } = await crmContactsOf(deps, ids);
  const summary: BulkCrmSummary = { create: 0, update: 0, skip: skipped, unknown: 0, duplicates: rows - ids.length };
  await mapBounded(contacts, PLANS_AT_ONCE, async (contact) => {
    try {
      summary[(await deps.crm.planContact(contact, target)).action]++;
    } catch (error) {
      // Not connected: the whole plan is refused. Anything else: this person could not be asked about.
      if (error instanceof CrmRefusal && error.kind === 'not_connected') throw error;
      summary.unknown++;
    }
  });
  return summary;
}

export async function pushBulkMatched(deps: BulkCrmDeps, runId: string, target: CrmTarget, overwrite: readonly CrmField[]): Promise<{ queued: number; skipped: number }> {
  const { ids } = await matchedContactIds(deps, runId);
  const { contacts, skipped } = await crmContactsOf(deps, ids);
  let queued = 0;
  for (const chunk of chunks(contacts)) queued += (await deps.crm.pushContacts(chunk, target, overwrite)).length;
  return { queued, skipped };
}
