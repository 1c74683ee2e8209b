import { browser } from 'wxt/browser';
import type { MatchQuery } from '@/lib/crm/worker/adapter';
import type { CrmContact } from '@/lib/crm/contact';
import type { CrmCheckItem } from '@/lib/crm/contract';
import { viewOf, type OutboxItem } from '@/lib/crm/outbox/schema';
import type { EnqueueRequest } from '@/lib/crm/worker/outbox/runner';
import { clearOutbox } from '@/lib/crm/outbox/store';
import { crmConnectionsItem, crmRecordIdsItem, crmSettingsItem, readConnections, readCrmSettings, rememberedRecord } from '@/lib/crm/worker/storage';
import { CRM_LABELS, writesNotes, type CrmField, type CrmTarget } from '@/lib/crm/types';
import type { HistoryEntry } from '@/lib/history/entry';
import { t } from '@/lib/platform/i18n';
import { identity, normaliseEmail } from '@/lib/identity/keys';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';
import { createCrmConnections, unwrap } from '@/lib/crm/worker/connections';
import { CRM_OUTBOX_ALARM, createCrmOutbox } from '@/lib/crm/worker/outbox';
import { contactOf, createCrmPeople } from '@/lib/crm/worker/people';
import { CrmRefusal } from '@/lib/crm/worker/refusal';
import { datedEmailsOf, holdStalePush, staleEmails } from '@/lib/crm/worker/stale-push';
import type { ValueAges } from '@/lib/settings/preferences';

export { CRM_OUTBOX_ALARM, CrmRefusal };

export interface CrmServiceDeps {
  readHistory(): Promise<HistoryEntry[]>;
  /** Only the entries asked for: a push must not read the whole history. */
  readHistoryEntries(ids: readonly string[]): Promise<HistoryEntry[]>;
  appendHistory(entry: HistoryEntry): Promise<unknown>;
  now(): number;
  newId(): string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where the outbox asks to be woken; defaults to browser.alarms plus a timer while alive. */
  wake?(at: number | null): void;
  /**
   * The article 14 notices the user added to a person's next CRM note (the contact book holds
   * them): the one waiting for this identity, and the mark once a delivered note held it.
   */
  notices?: {
    pending(identity: string): Promise<{ id: string; text: string; preparedAt: number } | null>;
    noted(id: string, preparedAt: number, at: number): Promise<void>;
  };
  /** The user's ages of values (Settings): a push of a stale email asks first. Defaults when absent. */
  valueAges?(): Promise<ValueAges>;
}

/** Who the free "already in your CRM?" check looks for, from what a page (or a mail header) shows. */
function checkQuery(input: { profileUrl?: string; fullName?: string; company?: string; email?: string }): { query: MatchQuery; who: string | null } {
  const profile = input.profileUrl ? parseNetworkProfileUrl(input.profileUrl) : null;
  // An address the person wrote from (a web mail header) finds their record as surely as a
  // verified one; the check only reads the CRM, it decides no write.
  const email = input.email ? normaliseEmail(input.email) : null;
  const query: MatchQuery = {
    emails: email ? [email] : [],
    profileUrl: profile?.kind === 'person' ? profile.canonicalUrl : undefined,
    fullName: input.fullName,
    companyName: input.company,
  };
  const who =
    (query.profileUrl ? identity.networkProfile(query.profileUrl) : null) ??
    (email ? identity.email(email) : null) ??
    (input.fullName && input.company ? identity.nameAtCompany(input.fullName, input.company) : null);
  return { query, who };
}

/**
 * The CRM feature in the background: connections (connections.ts, the only reader of their
 * tokens), the outbox and its schedule (outbox.ts), the people of the history (people.ts),
 * and here what joins them: the free check, plans, pushes and the automatic push after an enrichment.
 */
export function createCrmService(deps: CrmServiceDeps) {
  const connections = createCrmConnections(deps);
  const people = createCrmPeople(deps);
  const outbox = createCrmOutbox({ ...deps, adapter: connections.adapter, noticeNoted });
  const { runner } = outbox;

  async function planContact(contact: CrmContact, target: CrmTarget) {
    const crm = await connections.connected(target);
    const remembered = await rememberedRecord(target, contact.identity);
    const match = unwrap(await crm.find(contact, remembered?.id ?? null));
    const plan = crm.plan(contact, match, { overwrite: [] });
    return { ...plan, match: plan.match ? { ...plan.match, url: safeHttpUrl(plan.match.url) } : null };
  }

  /**
   * Each contact with the notice waiting for their next note, if any, when the target writes a
   * note (a webhook does not). Nothing is marked here: the outbox keeps the contact, and the
   * notice counts as carried only once a note holding it is delivered (noticeNoted).
   */
  async function withNotices(contacts: readonly CrmContact[], target: CrmTarget): Promise<CrmContact[]> {
    const notices = deps.notices;
    if (!notices || !writesNotes(target)) return [...contacts];
    const found = await Promise.all(contacts.map((contact) => notices.pending(contact.identity)));
    return contacts.map((contact, i) => (found[i] ? { ...contact, notice: { text: found[i].text, preparedAt: found[i].preparedAt } } : contact));
  }

  /** The outbox delivered a note holding this notice: it is carried, unless the user prepared a newer one since. */
  async function noticeNoted(item: OutboxItem): Promise<void> {
    const notice = item.contact.notice;
    const waiting = notice && deps.notices ? await deps.notices.pending(item.contact.identity) : null;
    if (waiting && waiting.preparedAt === notice!.preparedAt) await deps.notices!.noted(waiting.id, waiting.preparedAt, deps.now());
  }

  /** Queues contacts from anywhere (a lookup, the contact book) in the outbox, then sends. */
  async function pushContacts(contacts: readonly CrmContact[], target: CrmTarget, overwrite: readonly CrmField[]) {
    await connections.connected(target);
    const noted = await withNotices(contacts, target);
    const items = await runner.enqueueMany(noted.map((contact) => ({ target, contact, overwrite })));
    void runner.drain();
    return items.map(viewOf);
  }

  return {
    drain: () => runner.drain(),
    onAlarm(name: string) {
      if (name === CRM_OUTBOX_ALARM) void runner.drain();
    },

    status: connections.status,

    async check(input: { profileUrl?: string; fullName?: string; company?: string; email?: string }): Promise<CrmCheckItem[]> {
      const { query, who } = checkQuery(input);
      const stored = await readConnections();
      return Promise.all(
        (Object.keys(stored) as CrmTarget[]).map(async (target): Promise<CrmCheckItem> => {
          const label = CRM_LABELS[target];
          const found = await connections.adapter(target);
          if (!found) return { target, label, state: 'unknown', recordUrl: null, message: null };
          const remembered = who ? await rememberedRecord(target, who) : null;
          const result = await found.check(query, remembered?.id ?? null);
          if (!result.ok) return { target, label, state: 'unknown', recordUrl: null, message: result.error.message };
          return { target, label, state: result.value.state, recordUrl: safeHttpUrl(result.value.recordUrl), message: null };
        }),
      );
    },

    async plan(historyId: string, target: CrmTarget) {
      const contact = await people.contactFor(historyId);
      const [plan, ages] = await Promise.all([planContact(contact, target), deps.valueAges?.() ?? null]);
      return { ...plan, stale: staleEmails(datedEmailsOf(contact), deps.now(), ages) };
    },
    /** The plan for a contact from anywhere (a lookup, the contact book). */
    planContact,

    async push(historyId: string, target: CrmTarget, overwrite: readonly CrmField[], confirmStale = false) {
      const contact = await people.contactFor(historyId);
      holdStalePush(datedEmailsOf(contact), confirmStale, deps.now(), (await deps.valueAges?.()) ?? null);
      const [view] = await pushContacts([contact], target, overwrite);
      return view!;
    },
    pushContacts,
    pushStatus: outbox.pushStatus,

    async retry(id: string) {
      const item: OutboxItem | null = await runner.retry(id);
      if (!item) throw new CrmRefusal('not_found', t('crm.refusal.pushGone'));
      return viewOf(item);
    },
    drop: (id: string) => runner.drop(id),
    outbox: outbox.list,

    /** Called whenever a lookup is recorded: an enrichment may be pushed at once, if the user asked for that. */
    async afterLookupRecorded(entry: HistoryEntry): Promise<void> {
      const contact = contactOf(entry);
      if (!contact) return;
      const [settings, stored] = await Promise.all([readCrmSettings(), readConnections()]);
      const targets = settings.autoPush.filter((target) => stored[target]);
      if (!targets.length) return;
      for (const target of targets) {
        const [noted] = await withNotices([contact], target);
        await runner.enqueue({ target, contact: noted!, overwrite: [], auto: true } satisfies EnqueueRequest);
      }
      await runner.drain();
    },

    export: people.export,
    enrichedPeople: people.enrichedPeople,

    connections: connections.connections,
    async connect(input: Parameters<typeof connections.connect>[0]) {
      const connected = await connections.connect(input);
      void runner.drain();
      return connected;
    },
    test: connections.test,
    disconnect: connections.disconnect,
    saveSettings: connections.saveSettings,
    mapping: connections.mapping,
    saveMapping: connections.saveMapping.bind(connections),
    setRecordType: connections.setRecordType.bind(connections),
  };
}

export type CrmService = ReturnType<typeof createCrmService>;

/** Settings › Privacy › delete everything: tokens, the outbox, remembered record ids. */
export async function deleteCrmData(): Promise<void> {
  await clearOutbox();
  await Promise.all([crmConnectionsItem.setValue({}), crmRecordIdsItem.setValue({}), crmSettingsItem.removeValue()]);
  await browser.alarms.clear(CRM_OUTBOX_ALARM);
}
