import type { Enrichment } from '@/lib/enrichment/model';
import { contactFromEnrichment, type CrmContact } from '@/lib/crm/contact';
import type { RetryPolicy } from '@/lib/lookup/worker/retry';
import type { CrmResult, Match } from '@/lib/crm/types';

export const AT = Date.UTC(2026, 0, 15, 9, 30);

export function mayaEnrichment(): Enrichment {
  return {
    person: {
      fullName: 'Maya Chen',
      firstName: 'Maya',
      lastName: 'Chen',
      jobTitle: 'VP of Engineering',
      companyName: 'Northwind Analytics',
      location: 'San Francisco, California, United States',
      networkUrl: 'https://www.linkedin.com/in/maya-chen',
      urls: [],
      emails: [{ address: 'Maya.Chen@northwind-analytics.example', status: 'verified', verified: true }],
      phones: [
        { e164: '+14155550110', international: '+1 415-555-0110', type: 'mobile' },
        { e164: '+14155550111', international: '+1 415-555-0111', type: 'work' },
      ],
      extra: {},
    },
    company: { name: 'Northwind Analytics', domain: 'northwind-analytics.example', website: 'https://www.northwind-analytics.example', extra: {} },
    extra: {},
  };
}

/** A person at a catch-all company: the only address is a 'Most Probable' guess. */
export function emilieEnrichment(): Enrichment {
  return {
    person: {
      fullName: 'Émilie Lefèvre',
      firstName: 'Émilie',
      lastName: 'Lefèvre',
      jobTitle: 'Head of Research',
      companyName: 'Brightwater Labs',
      networkUrl: 'https://www.linkedin.com/in/emilie-lefevre',
      urls: [],
      emails: [{ address: 'emilie@brightwater-labs.example', status: 'most_probable', verified: false }],
      phones: [],
      extra: {},
    },
    company: { name: 'Brightwater Labs', domain: 'brightwater-labs.example', website: 'https://www.brightwater-labs.example', extra: {} },
    extra: {},
  };
}

export function contact(enrichment: Enrichment = mayaEnrichment(), historyId = 'h-1'): CrmContact {
  return contactFromEnrichment(enrichment, { historyId, at: AT })!;
}

/** Quick retries that do not wait, and say how long they would have. */
export function instantRetry(waits: number[] = []): RetryPolicy {
  return { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 10, maxRetryAfterMs: 5_000, sleep: async (ms) => void waits.push(ms) };
}

export function memoryProgress() {
  const saved: object[] = [];
  return {
    saved,
    context(progress = {}, overwrite: string[] = []) {
      return { policy: { overwrite: overwrite as never[] }, progress, save: async (p: object) => void saved.push(p) };
    },
  };
}

/** The match of a find that must have worked. */
export function matched(result: CrmResult<Match | null>): Match | null {
  if (!result.ok) throw new Error(`find failed: ${result.error.message}`);
  return result.value;
}
