import type { CrmAdapter, Learn } from './adapter';
import { createAttioAdapter } from './attio/adapter';
import { createCloseAdapter } from './close/adapter';
import type { StoredConnection } from './connection';
import { createHubspotAdapter } from './hubspot/adapter';
import type { HttpOptions } from './http';
import { createPipedriveAdapter } from './pipedrive/adapter';
import { createSalesforceAdapter } from './salesforce/adapter';
import { createWebhookAdapter } from './webhook/adapter';
import { createZohoAdapter } from './zoho/adapter';

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
