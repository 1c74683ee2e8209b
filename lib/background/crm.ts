import { browser } from 'wxt/browser';
import { CRM_PUSH, type HistoryEntry } from '../history/entry';
import { identity, normaliseEmail } from '../identity/keys';
import { parseNetworkProfileUrl } from '../identity/network-profile';
import { createRateLimiter } from '../lookup/rate-limiter';
import type { CrmAdapter, Learn, MatchQuery } from '../crm/adapter';
import { adapterFor, type AdapterDeps } from '../crm/adapters';
import { connectionAddress, connectionOrigin, isLoopbackAddress, summarise, type ConnectionInput, type StoredConnection } from '../crm/connection';
import { releaseHostAccess } from '../settings/permissions';
import { contactFromEnrichment, type CrmContact } from '../crm/contact';
import { contactsToCsv } from '../crm/export/csv';
import { toVCards } from '../crm/export/vcard';
import type { CrmCheckItem, EnrichedPerson } from '../crm/messages';
import { createOutboxRunner, type EnqueueRequest } from '../crm/outbox/runner';
import { viewOf, type OutboxItem } from '../crm/outbox/schema';
import { clearOutbox, readOutbox, updateOutbox } from '../crm/outbox/store';
import {
  crmConnectionsItem,
  crmRecordIdsItem,
  crmSettingsItem,
  learnAbout,
  readConnections,
  readCrmSettings,
  rememberRecord,
  rememberedRecord,
  removeConnection,
  writeConnection,
  writeCrmSettings,
} from '../crm/storage';
import { CRM_LABELS, type CrmField, type CrmResult, type CrmTarget } from '../crm/types';
import { safeHttpUrl } from '../ui/safe-url';

export const CRM_OUTBOX_ALARM = 'dossier-crm-outbox';

/**
 * Requests per CRM, all tabs together: HubSpot allows private apps about 100 per 10 s,
 * Pipedrive about 80 per 2 s; a webhook gets the gentler of the two.
 */
const RATE_LIMITS: Record<CrmTarget, { limit: number; windowMs: number }> = {
  hubspot: { limit: 10, windowMs: 1_000 },
  pipedrive: { limit: 30, windowMs: 2_000 },
  webhook: { limit: 10, windowMs: 1_000 },
  // Close limits each API key per endpoint group (about 40 a second for reads); stay well under.
  close: { limit: 10, windowMs: 1_000 },
};

/** Enrichments whose answer describes a person a CRM can hold. */
const PUSHABLE_OUTCOMES = new Set(['paid', 'free', 'cached']);

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
}

export class CrmRefusal extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The CRM feature in the background: connections (the only reader of their tokens), the
 * outbox and its schedule, the free "already in your CRM" check, exports, and the automatic
 * push after an enrichment. Everything it needs to remember is in extension storage.
 */
export function createCrmService(deps: CrmServiceDeps) {
  const limiters = new Map<CrmTarget, () => Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function adapterDeps(learn: Learn, target: CrmTarget): AdapterDeps {
    if (!limiters.has(target)) limiters.set(target, createRateLimiter(RATE_LIMITS[target]).acquire);
    return { fetch: deps.fetch, timeoutMs: deps.timeoutMs, acquire: limiters.get(target), learn, now: deps.now };
  }

  function secretOf(connection: StoredConnection): string {
    return connection.kind === 'webhook' ? connection.secret : connection.token;
  }

  async function adapter(target: CrmTarget): Promise<CrmAdapter | null> {
    const connection = (await readConnections())[target];
    if (!connection) return null;
    return adapterFor(connection, adapterDeps((patch) => learnAbout(target, secretOf(connection), patch), target));
  }

  function wake(at: number | null): void {
    if (deps.wake) return deps.wake(at);
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (at === null) {
      void browser.alarms.clear(CRM_OUTBOX_ALARM);
      return;
    }
    // The alarm outlives the worker (Chrome wakes it for the alarm); the timer only serves
    // short delays while the worker is alive, as alarms under 30 s are not guaranteed.
    void browser.alarms.create(CRM_OUTBOX_ALARM, { when: Math.max(at, deps.now() + 1_000) });
    const delay = at - deps.now();
    if (delay < 5 * 60_000) timer = setTimeout(() => void runner.drain(), Math.max(0, delay));
  }

  async function report(item: OutboxItem): Promise<void> {
    const delivered = item.state === 'delivered';
    const label = CRM_LABELS[item.target];
    await deps.appendHistory({
      id: deps.newId(),
      op: CRM_PUSH,
      subject: `${item.contact.fullName} → ${label}`,
      input: { target: item.target, outboxId: item.id, fromLookup: item.contact.historyId },
      identity: item.contact.identity,
      outcome: delivered ? 'free' : 'failed',
      cost: 0,
      fromLedger: false,
      paidAt: null,
      at: deps.now(),
      pageUrl: null,
      result: delivered && item.result ? { target: item.target, ...item.result } : undefined,
      error: delivered ? null : (item.lastError ? { kind: item.lastError.kind, message: item.lastError.message } : null),
    });
  }

  const runner = createOutboxRunner({
    read: readOutbox,
    update: (change) => updateOutbox(change, deps.now()),
    adapterFor: adapter,
    remembered: async (target, who) => (await rememberedRecord(target, who))?.id ?? null,
    remember: (target, who, result) => rememberRecord(target, who, { id: result.recordId, url: result.recordUrl, at: deps.now() }),
    report,
    schedule: wake,
    now: deps.now,
    newId: deps.newId,
  });

  function contactOf(entry: HistoryEntry): CrmContact | null {
    // The entry was read through its schema: an enrichPerson result is an Enrichment.
    if (entry.op !== 'enrichPerson' || !PUSHABLE_OUTCOMES.has(entry.outcome) || !entry.result?.person) return null;
    return contactFromEnrichment(entry.result, { historyId: entry.id, at: entry.paidAt ?? entry.at });
  }

  async function contactFor(historyId: string): Promise<CrmContact> {
    const [entry] = await deps.readHistoryEntries([historyId]);
    if (!entry) throw new CrmRefusal('not_found', 'That lookup is no longer in the history, so there is nothing to push. Enrich the person again.');
    const contact = contactOf(entry);
    if (!contact) throw new CrmRefusal('invalid_input', 'Only a person enrichment that found someone can go to a CRM.');
    return contact;
  }

  async function connected(target: CrmTarget): Promise<CrmAdapter> {
    const found = await adapter(target);
    if (!found) throw new CrmRefusal('not_connected', `${CRM_LABELS[target]} is not connected. Connect it in Dossier’s settings.`);
    return found;
  }

  function unwrap<T>(result: CrmResult<T>): T {
    if (!result.ok) throw new CrmRefusal(result.error.kind, result.error.message);
    return result.value;
  }

  async function pushStatus(historyId: string) {
    return (await readOutbox()).filter((item) => item.contact.historyId === historyId).map(viewOf);
  }

  return {
    drain: () => runner.drain(),
    onAlarm(name: string) {
      if (name === CRM_OUTBOX_ALARM) void runner.drain();
    },

    async status() {
      const connections = await readConnections();
      return { connected: (Object.keys(connections) as CrmTarget[]).map((target) => ({ target, label: CRM_LABELS[target] })) };
    },

    async check(input: { profileUrl?: string; fullName?: string; company?: string; email?: string }): Promise<CrmCheckItem[]> {
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
      const who = (query.profileUrl ? identity.networkProfile(query.profileUrl) : null) ?? (email ? identity.email(email) : null) ?? (input.fullName && input.company ? identity.nameAtCompany(input.fullName, input.company) : null);
      const connections = await readConnections();
      return Promise.all(
        (Object.keys(connections) as CrmTarget[]).map(async (target): Promise<CrmCheckItem> => {
          const label = CRM_LABELS[target];
          const found = await adapter(target);
          if (!found) return { target, label, state: 'unknown', recordUrl: null, message: null };
          const remembered = who ? await rememberedRecord(target, who) : null;
          const result = await found.check(query, remembered?.id ?? null);
          if (!result.ok) return { target, label, state: 'unknown', recordUrl: null, message: result.error.message };
          return { target, label, state: result.value.state, recordUrl: safeHttpUrl(result.value.recordUrl), message: null };
        }),
      );
    },

    async plan(historyId: string, target: CrmTarget) {
      return this.planContact(await contactFor(historyId), target);
    },

    /** The plan for a contact from anywhere (a lookup, the contact book). */
    async planContact(contact: CrmContact, target: CrmTarget) {
      const crm = await connected(target);
      const remembered = await rememberedRecord(target, contact.identity);
      const match = unwrap(await crm.find(contact, remembered?.id ?? null));
      const plan = crm.plan(contact, match, { overwrite: [] });
      return { ...plan, match: plan.match ? { ...plan.match, url: safeHttpUrl(plan.match.url) } : null };
    },

    async push(historyId: string, target: CrmTarget, overwrite: readonly CrmField[]) {
      const [view] = await this.pushContacts([await contactFor(historyId)], target, overwrite);
      return view!;
    },

    /** Queues contacts from anywhere (a lookup, the contact book) in the outbox, then sends. */
    async pushContacts(contacts: readonly CrmContact[], target: CrmTarget, overwrite: readonly CrmField[]) {
      await connected(target);
      const items = await runner.enqueueMany(contacts.map((contact) => ({ target, contact, overwrite })));
      void runner.drain();
      return items.map(viewOf);
    },

    pushStatus,

    async retry(id: string) {
      const item = await runner.retry(id);
      if (!item) throw new CrmRefusal('not_found', 'That push is no longer in the outbox.');
      return viewOf(item);
    },

    drop: (id: string) => runner.drop(id),
    outbox: async () => (await readOutbox()).map(viewOf).reverse(),

    /** Called whenever a lookup is recorded: an enrichment may be pushed at once, if the user asked for that. */
    async afterLookupRecorded(entry: HistoryEntry): Promise<void> {
      const contact = contactOf(entry);
      if (!contact) return;
      const [settings, connections] = await Promise.all([readCrmSettings(), readConnections()]);
      const targets = settings.autoPush.filter((t) => connections[t]);
      if (!targets.length) return;
      for (const target of targets) await runner.enqueue({ target, contact, overwrite: [], auto: true } satisfies EnqueueRequest);
      await runner.drain();
    },

    async export(historyIds: readonly string[], format: 'csv' | 'vcard') {
      const contacts = (await deps.readHistoryEntries([...new Set(historyIds)])).flatMap((e) => contactOf(e) ?? []);
      if (!contacts.length) throw new CrmRefusal('not_found', 'None of those lookups found a person to export.');
      const stamp = new Date(deps.now()).toISOString().slice(0, 10);
      const base = contacts.length === 1 ? contacts[0]!.fullName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase() || 'contact' : `dossier-contacts-${stamp}`;
      return format === 'csv'
        ? { filename: `${base}.csv`, mimeType: 'text/csv', content: contactsToCsv(contacts) }
        : { filename: `${base}.vcf`, mimeType: 'text/vcard', content: toVCards(contacts) };
    },

    async enrichedPeople(limit: number): Promise<EnrichedPerson[]> {
      const seen = new Set<string>();
      const people: EnrichedPerson[] = [];
      for (const entry of await deps.readHistory()) {
        const contact = contactOf(entry);
        if (!contact || seen.has(contact.identity)) continue;
        seen.add(contact.identity);
        people.push({ historyId: entry.id, name: contact.fullName, company: contact.company?.name ?? null, at: entry.at });
        if (people.length >= limit) break;
      }
      return people;
    },

    async connections() {
      const [connections, settings] = await Promise.all([readConnections(), readCrmSettings()]);
      return { connections: Object.values(connections).map(summarise), settings };
    },

    /** Tests the connection first; only a connection that works is kept. */
    async connect(input: ConnectionInput) {
      const learnt: Record<string, unknown> = {};
      const candidate = input as StoredConnection;
      const crm = adapterFor(candidate, adapterDeps(async (patch) => void Object.assign(learnt, patch), input.kind));
      const message = unwrap(await crm.test());
      await writeConnection({ ...candidate, ...learnt } as StoredConnection);
      void runner.drain();
      return { connections: (await this.connections()).connections, message };
    },

    async test(target: CrmTarget) {
      return { message: unwrap(await (await connected(target)).test()) };
    },

    async disconnect(target: CrmTarget) {
      const before = await readConnections();
      await removeConnection(target);
      await releaseUnusedCrmHost(before, target);
      const settings = await readCrmSettings();
      await writeCrmSettings({ autoPush: settings.autoPush.filter((t) => t !== target) });
      return this.connections();
    },

    async saveSettings(autoPush: readonly CrmTarget[]) {
      const connections = await readConnections();
      const settings = { autoPush: [...new Set(autoPush)].filter((t) => connections[t]) };
      await writeCrmSettings(settings);
      return settings;
    },
  };
}

export type CrmService = ReturnType<typeof createCrmService>;

/** The host a disconnected CRM was granted, unless another connection still uses it. */
async function releaseUnusedCrmHost(before: Partial<Record<CrmTarget, StoredConnection>>, removed: CrmTarget): Promise<void> {
  const gone = before[removed];
  if (!gone || isLoopbackAddress(connectionAddress(gone))) return;
  const origin = connectionOrigin(gone);
  const stillUsed = Object.entries(before).some(([target, c]) => target !== removed && c && connectionOrigin(c) === origin);
  if (!stillUsed) await releaseHostAccess([origin]);
}

/** Settings › Privacy › delete everything: tokens, the outbox, remembered record ids. */
export async function deleteCrmData(): Promise<void> {
  await clearOutbox();
  await Promise.all([crmConnectionsItem.setValue({}), crmRecordIdsItem.setValue({}), crmSettingsItem.removeValue()]);
  await browser.alarms.clear(CRM_OUTBOX_ALARM);
}
