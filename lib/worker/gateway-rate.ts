import type { RateLimiterOptions } from '@/lib/lookup/worker/rate-limiter';

/**
 * How the worker paces what it sends the gateway, which allows 10 requests per second per key,
 * counted where they arrive, over a sliding window (the sandbox counts the same way,
 * sandbox/rate-limit.ts). Never 10 requests leave within 1.07 s, counted from when each really
 * leaves (a paid lookup writes its journal entry between its slot and its request, which a busy
 * machine slows: lib/lookup/worker/rate-limiter.ts); the 70 ms margin absorbs the network's jitter,
 * where each 429 would pause every lookup for its Retry-After's whole second. Where the jitter
 * outgrows it (a machine at several times its cores' load), each 429 widens the window by 40 ms, up
 * to 1.25 s, and a calm minute narrows it back. At most 9.35 a second
 * (test/unit/lookup/gateway-rate.test.ts over a simulated clock, scripts/bench/bulk.bench.ts
 * against the sandbox's request log).
 */
export const GATEWAY_RATE = { limit: 10, windowMs: 1_070, margin: { stepMs: 40, widestMs: 1_250 } } as const satisfies Pick<RateLimiterOptions, 'limit' | 'windowMs' | 'margin'>;
