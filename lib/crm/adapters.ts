import type { CrmAdapter, Learn } from '@/lib/crm/adapter';
import { createAttioAdapter } from '@/lib/crm/attio/adapter';
import { createCloseAdapter } from '@/lib/crm/close/adapter';
import type { StoredConnection } from '@/lib/crm/connection';
import { createHubspotAdapter } from '@/lib/crm/hubspot/adapter';
import type { HttpOptions } from '@/lib/crm/http';
import { createPipedriveAdapter } from '@/lib/crm/pipedrive/adapter';
import { createSalesforceAdapter } from '@/lib/crm/salesforce/adapter';
import { createWebhookAdapter } from '@/lib/crm/webhook/adapter';
import { createZohoAdapter } from '@/lib/crm/zoho/adapter';

export interface AdapterDeps extends Pick<HttpOptions, 'fetch' | 'acquire' | 'retry' | 'timeoutMs'> {
  learn: Learn;
  now(): number;
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
