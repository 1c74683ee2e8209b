import type { CrmAdapter, Learn } from '@/lib/crm/worker/adapter';
import type { ShareRefresh } from '@/lib/crm/worker/web-auth/shared-refresh';
import { createAttioAdapter } from '@/lib/crm/worker/attio/adapter';
import { createCloseAdapter } from '@/lib/crm/worker/close/adapter';
import type { StoredConnection } from '@/lib/crm/connection';
import { createHubspotAdapter } from '@/lib/crm/worker/hubspot/adapter';
import type { HttpOptions } from '@/lib/crm/worker/http';
import { createPipedriveAdapter } from '@/lib/crm/worker/pipedrive/adapter';
import { createSalesforceAdapter } from '@/lib/crm/worker/salesforce/adapter';
import { createWebhookAdapter } from '@/lib/crm/worker/webhook/adapter';
import { createZohoAdapter } from '@/lib/crm/worker/zoho/adapter';

export interface AdapterDeps extends Pick<HttpOptions, 'fetch' | 'acquire' | 'retry' | 'timeoutMs'> {
  learn: Learn;
  now(): number;
  /** One refresh for every adapter of a connection that sends the same refresh token (shareRefresh.ts). */
  shareRefresh?: ShareRefresh;
}

export function adapterFor(connection: StoredConnection, deps: AdapterDeps): CrmAdapter {
  switch (connection.kind) {
    case 'hubspot':
      return createHubspotAdapter(connection, deps);
    case 'pipedrive':
      return createPipedriveAdapter(connection, deps);
    case 'webhook':
      return createWebhookAdapter(connection, deps);
    case 'attio':
      return createAttioAdapter(connection, deps);
    case 'salesforce':
      return createSalesforceAdapter(connection, deps);
    case 'close':
      return createCloseAdapter(connection, deps);
    case 'zoho':
      return createZohoAdapter(connection, deps);
  }
}
