import type { CrmContact } from '@/lib/crm/contact';
import { comparable } from '@/lib/crm/worker/plan';
import type { ApplyContext, Progress } from '@/lib/crm/worker/adapter';
import { ok, type CrmResult, type PushPlan, type PushResult } from '@/lib/crm/types';

/**
 * The steps of a push to a CRM whose people are Leads, or Contacts filed under an Account
 * (Salesforce, Zoho): each adapter says how to do a step, this says in which order and what is
 * saved between them, so that an interrupted push resumes where it stopped.
 */
export interface PersonSteps {
  /** Contacts only: the Account, found or created before the person (its id goes on them). */
  account?(progress: Progress): Promise<CrmResult<Progress>>;
  /** Makes the record, or lands on the one a duplicate rule or upsert key names (`created: false`). */
  create(companyId: string | undefined): Promise<CrmResult<{ id: string; created: boolean }>>;
  /** Writes what the record lacks (or may replace), planned again against what it holds now. */
  update(id: string, companyId: string | undefined): Promise<CrmResult<string>>;
  /** Puts the record in the list the user chose (campaign, tag); harmless when repeated. */
  list?(recordId: string, progress: Progress): Promise<CrmResult<Progress>>;
  note(progress: Progress): Promise<CrmResult<Progress>>;
  recordUrl(id: string): string | null;
}

export async function applyPersonSteps(plan: PushPlan, context: ApplyContext, steps: PersonSteps): Promise<CrmResult<PushResult>> {
  let progress = context.progress;
  const saved = async (next: Progress) => {
    progress = next;
    await context.save(next);
  };
  if (plan.action === 'skip' && !progress.recordId) {
    // Nothing to write, but a record the user pushes still goes in the list they chose.
    if (steps.list && !progress.listed) {
      const listed = await steps.list(plan.match!.id, progress);
      if (!listed.ok) return listed;
    }
    return ok({ action: 'skipped', recordId: plan.match!.id, recordUrl: plan.match!.url });
  }
  if (steps.account) {
    const account = await steps.account(progress);
    if (!account.ok) return account;
    progress = account.value;
  }
  if (!progress.contactDone) {
    let id = progress.recordId ?? plan.match?.id;
    let created = progress.created ?? false;
    if (!id) {
      const made = await steps.create(progress.companyId);
      if (!made.ok) return made;
      id = made.value.id;
      created = made.value.created;
      // A record just made holds everything already; one a duplicate answer named still needs the update.
      await saved({ ...progress, recordId: id, created, recordUrl: steps.recordUrl(id), contactDone: created, companyLinked: created });
    }
    if (!progress.contactDone) {
      const updated = await steps.update(id, progress.companyId);
      if (!updated.ok) return updated;
      await saved({ ...progress, recordId: id, created, recordUrl: steps.recordUrl(id), contactDone: true, companyLinked: true });
    }
  }
  // The note before the list: a list deleted in the CRM meanwhile must not keep the summary out.
  if (!progress.noteDone) {
    const noted = await steps.note(progress);
    if (!noted.ok) return noted;
    progress = noted.value;
  }
  if (steps.list && !progress.listed) {
    const listed = await steps.list(progress.recordId!, progress);
    if (!listed.ok) return listed;
    progress = listed.value;
  }
  return ok({ action: progress.created ? 'created' : 'updated', recordId: progress.recordId!, recordUrl: steps.recordUrl(progress.recordId!) });
}

/** How one CRM looks for, and makes, an Account (the company a Contact is filed under). */
export interface AccountSearch {
  /** Accounts whose website may be `domain`: a loose search (LIKE, starts_with) may find others too. */
  byWebsite(domain: string): Promise<CrmResult<{ id: string; website: unknown }[]>>;
  byName(name: string): Promise<CrmResult<string | undefined>>;
  /** Makes it; a CRM whose create is not idempotent relies on the search by website to find it on a retry. */
  create(name: string, website: string | undefined): Promise<CrmResult<string>>;
}

/**
 * The Contact's Account, in the same order for every CRM that has them: found by its website's
 * domain (the same site only: `northwind.example.org` is not `northwind.example`), then by name,
 * else made; its id is saved with the push's progress, so a resumed push does not look again.
 */
export async function fileUnderAccount(contact: CrmContact, progress: Progress, context: ApplyContext, search: AccountSearch): Promise<CrmResult<Progress>> {
  const company = contact.company;
  const name = company?.name ?? company?.domain;
  if (!name || progress.companyId) return ok(progress);
  let id: string | undefined;
  if (company?.domain) {
    const found = await search.byWebsite(company.domain);
    if (!found.ok) return found;
    const site = comparable('website', company.domain);
    id = found.value.find((a) => typeof a.website === 'string' && comparable('website', a.website).split('/')[0] === site)?.id;
  }
  if (!id && company?.name) {
    const found = await search.byName(company.name);
    if (!found.ok) return found;
    id = found.value;
  }
  if (!id) {
    const made = await search.create(name, company?.website || company?.domain || undefined);
    if (!made.ok) return made;
    id = made.value;
  }
  const next = { ...progress, companyId: id };
  await context.save(next);
  return ok(next);
}
