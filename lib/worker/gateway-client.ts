import { createEnrichmentClient, type EnrichmentClient, type EnrichmentClientConfig } from '@/lib/api';
import type { RateLimiter } from '@/lib/lookup/worker/rate-limiter';
import { normaliseApiKey } from '@/lib/enrichment/api-key';

export interface GatewayClients {
  /** The client for this gateway and key: the same object for as long as they stay the same. */
  clientFor(baseUrl: string, apiKey: string, timeoutMs?: number): EnrichmentClient;
}

/** A key being tested, the saved key, perhaps the one before it: a handful at most. */
const KEEP = 4;

/**
 * The worker's gateway clients. A client learns which of a route's paths the gateway answers
 * on, so it lives as long as its settings instead of one per lookup (a new client would pay
 * a 404 on the interface's path again each time). Every client shares the one rate limiter:
 * balance checks, "Test connection" and lookups all count against the same 10 per second.
 */
export function createGatewayClients(
  limiter: RateLimiter,
  create: (config: EnrichmentClientConfig) => EnrichmentClient = createEnrichmentClient,
  /** Settles once the browser is set to open a fresh connection per request (lib/worker/fresh-connections.ts); no request leaves before. */
  transportReady: Promise<unknown> = Promise.resolve(),
): GatewayClients {
  const clients = new Map<string, EnrichmentClient>();
  const beforeRequest = async () => {
    await transportReady;
    return limiter.reserve();
  };
  return {
    clientFor(baseUrl, apiKey, timeoutMs) {
      const id = JSON.stringify([baseUrl, normaliseApiKey(apiKey), timeoutMs ?? null]);
      let client = clients.get(id);
      if (client) {
        clients.delete(id);
      } else {
        client = create({ baseUrl, apiKey, timeoutMs, beforeRequest, onRetryAfter: limiter.pauseFor });
      }
      clients.set(id, client);
      while (clients.size > KEEP) clients.delete(clients.keys().next().value!);
      return client;
    },
  };
}
