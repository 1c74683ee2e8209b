import type { Verdict } from '@/lib/detect/content/vote';

/**
 * One number for the panel: mostly how sure we are of the name, tempered by the company.
 * A profile whose company we could not read is still the right person (its URL is the
 * identity), so a missing company costs less than a doubtful name.
 */
export function confidenceOf(name: Verdict | undefined, company: Verdict | undefined): number {
  if (!name) return 0;
  const companyFactor = company ? 0.85 + 0.15 * company.score : 0.85;
  return round(name.score * companyFactor);
}

export const round = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 1000) / 1000;

export function sourcesOf(...verdicts: (Verdict | undefined)[]): string[] {
  return Array.from(new Set(verdicts.flatMap((verdict) => verdict?.sources ?? [])));
}
