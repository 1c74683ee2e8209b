import { vi } from 'vitest';
import type { Handlers } from '@/lib/contracts/handlers';

const unused = async () => ({ ok: false as const, error: { kind: 'unused', message: 'not part of this test' } });

/** The CRM messages' handlers, for tests of the router that need a complete handler map. */
export function crmHandlerStubs(): Pick<Handlers, Extract<keyof Handlers, `crm${string}`>> {
  return {
    crmStatus: vi.fn(unused),
    crmSchema: vi.fn(unused),
    crmSaveMapping: vi.fn(unused),
    crmSetRecordType: vi.fn(unused),
    crmCheck: vi.fn(unused),
    crmPlan: vi.fn(unused),
    crmPush: vi.fn(unused),
    crmPushStatus: vi.fn(unused),
    crmRetry: vi.fn(unused),
    crmExport: vi.fn(unused),
    crmConnections: vi.fn(unused),
    crmConnect: vi.fn(unused),
    crmTest: vi.fn(unused),
    crmDisconnect: vi.fn(unused),
    crmSaveSettings: vi.fn(unused),
    crmOutbox: vi.fn(unused),
    crmDrop: vi.fn(unused),
    crmEnrichedPeople: vi.fn(unused),
  };
}
