/**
 * The CRMs' names, the same in every language (brand names): one copy, spread into each
 * language's book first-paint messages (book-<lang>.ts), which its full catalog spreads in.
 */
export const crmNames = {
  'crm.target.hubspot': 'HubSpot',
  'crm.target.pipedrive': 'Pipedrive',
  'crm.target.webhook': 'Webhook',
  'crm.target.attio': 'Attio',
  'crm.target.salesforce': 'Salesforce',
  'crm.target.close': 'Close',
  'crm.target.zoho': 'Zoho CRM',
} as const;
