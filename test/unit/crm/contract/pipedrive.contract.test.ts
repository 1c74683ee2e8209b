import { createPipedriveAdapter } from '@/lib/crm/worker/pipedrive/adapter';
import { PIPEDRIVE_DOMAIN, PIPEDRIVE_TOKEN, startPipedriveEmulator } from '@/test/emulators/pipedrive';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';

let pd: Awaited<ReturnType<typeof startPipedriveEmulator>>;
let learnt: Record<string, unknown> = {};

crmContractSuite({
  name: 'Pipedrive',
  searches: true,
  refreshesTokens: false,
  start: async () => void (pd = await startPipedriveEmulator()),
  stop: () => pd.server.close(),
  async reset() {
    pd.state.reset();
    pd.control.reset();
    learnt = {};
  },
  async adapter({ retry, token = 'valid' } = {}) {
    const connect = (t: string) =>
      createPipedriveAdapter({ kind: 'pipedrive', token: t, domain: PIPEDRIVE_DOMAIN, apiBase: pd.origin, ...learnt }, { learn: async (p) => void Object.assign(learnt, p), now: () => 0, retry });
    await connect(PIPEDRIVE_TOKEN).test();
    return connect(token === 'valid' ? PIPEDRIVE_TOKEN : 'pd-wrong-token-00000000000000');
  },
  people: async () => [...pd.state.persons.values()].filter((p) => !p.is_deleted).length,
  async personValues() {
    const [person] = [...pd.state.persons.values()].filter((p) => !p.is_deleted);
    return person ? { email: person.emails.find((e) => e.primary)?.value, jobTitle: person.job_title ?? undefined } : null;
  },
  fault: (fault) => pd.control.faults.push(fault),
  // Pipedrive's burst window is 2 seconds (x-ratelimit-reset); x-daily-requests-left 0 waits for the next day, counted in UTC.
  rateLimitWaitMs: 2_000,
  dailyAllowance: { status: 429, waitMs: 86_400_000 },
  createRequest: { path: '/api/v2/persons', method: 'POST' },
  notes: { count: async () => pd.state.notes.size, createRequest: { path: '/api/v1/notes', method: 'POST' } },
  expireToken: () => pd.state.tokens.clear(),
});
