import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import type { WebhookConnection } from '@/lib/crm/connection';
import { contactValues } from '@/lib/crm/contact';
import { createCrmHttp, type HttpOptions } from '@/lib/crm/worker/http';
import { WEBHOOK_RATE_LIMIT } from '@/lib/crm/worker/rate-limits';
import { planPush } from '@/lib/crm/worker/plan';
import { CRM_FIELDS, ok, type CrmResult, type PushResult } from '@/lib/crm/types';
import { idempotencyKey, webhookPayload } from '@/lib/crm/worker/webhook/payload';
import { redactWebhookUrl } from '@/lib/crm/webhook/redact';
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, signatureHeader } from '@/lib/crm/worker/webhook/sign';

const anyBody = z.unknown();

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error', 'detail']) if (typeof record[key] === 'string') return record[key] as string;
  }
  return null;
}

/** The same host (with or without www.) and path (with or without a trailing slash): the receiver moved, rather than answered from elsewhere. */
export function sameReceiverMoved(configured: string, finalUrl: string): boolean {
  try {
    const [a, b] = [new URL(configured), new URL(finalUrl)];
    const host = (url: URL) => url.hostname.replace(/^www\./, '');
    const path = (url: URL) => url.pathname.replace(/\/+$/, '');
    return host(a) === host(b) && path(a) === path(b);
  } catch {
    return false;
  }
}

export type WebhookDeps = Pick<HttpOptions, 'fetch' | 'acquire' | 'retry' | 'timeoutMs'>;

/**
 * Any automation tool: the normalised contact as signed JSON. A webhook cannot be asked what it
 * holds, so "the record" is the idempotency key last delivered for this person: the same
 * content is not sent twice, and a changed contact is sent again under a new key.
 */
export function createWebhookAdapter(connection: WebhookConnection, deps: WebhookDeps): CrmAdapter {
  // The URL is a credential too: a receiver's message that echoes it is masked before anyone sees it.
  // Some receivers do the work and then answer 302/303 towards their result (Google Apps Script
  // web apps serve every answer from another host). Following it would turn the POST into a GET
  // of someone else's page, and refusing it would send the delivery again on every retry: the
  // redirect itself is the receiver's acknowledgement.
  const options = { ...deps, secrets: [connection.secret], messageOf, redact: (text: string) => redactWebhookUrl(text, connection.url), rateLimit: WEBHOOK_RATE_LIMIT };
  const http = createCrmHttp({ ...options, redirect: 'manual' });
  // The test delivery follows its redirects: a browser's manual redirect says neither which nor
  // where, and an address that moved (http to https, a trailing slash) would take every push as
  // delivered while nothing is done; followed, a move shows as the same place at another address.
  const probe = createCrmHttp({ ...options, redirect: 'follow', moved: (finalUrl) => sameReceiverMoved(connection.url, finalUrl) });

  async function post(body: string, key: string, via = http): Promise<CrmResult<{ redirected: boolean }>> {
    const headers = { [SIGNATURE_HEADER]: await signatureHeader(connection.secret, body), [IDEMPOTENCY_HEADER]: key };
    // Same key, same bytes: a receiver drops repeats, so even a retried POST is safe to resend.
    const sent = await via.send({ method: 'POST', url: connection.url, headers, body, idempotent: true }, anyBody);
    return sent.ok ? ok({ redirected: sent.value.redirected === true }) : sent;
  }

  return {
    target: 'webhook',
    fields: CRM_FIELDS,
    async find(contact, rememberedKey) {
      if (rememberedKey === null) return ok(null);
      const current = await idempotencyKey(contact);
      // Unchanged since it was last delivered: every field is "already there".
      return ok({ id: rememberedKey, by: 'remembered', url: null, values: rememberedKey === current ? contactValues(contact) : {} });
    },
    plan: (contact, match, policy) => planPush('webhook', CRM_FIELDS, contact, match, policy),
    async apply(plan, contact): Promise<CrmResult<PushResult>> {
      const key = await idempotencyKey(contact);
      if (plan.action === 'skip') return ok({ action: 'skipped', recordId: key, recordUrl: null });
      const sent = await post(JSON.stringify(webhookPayload(contact, key)), key);
      if (!sent.ok) return sent;
      return ok({ action: plan.action === 'create' ? 'created' : 'updated', recordId: key, recordUrl: null, ...(sent.value.redirected ? { redirected: true as const } : {}) });
    },
    async check(_query, rememberedKey) {
      return ok(
        rememberedKey
          ? { state: 'in_crm', recordId: rememberedKey, recordUrl: null, by: 'remembered' }
          : { state: 'unknown', recordId: null, recordUrl: null, by: null },
      );
    },
    async test() {
      const body = JSON.stringify({ event: 'ping', version: 1 });
      const sent = await post(body, `dossier-ping-${Date.now()}`, probe);
      if (!sent.ok) return sent;
      return ok(t(sent.value.redirected ? 'crm.test.webhookRedirected' : 'crm.test.webhook'));
    },
  };
}
