import { LOW_CONFIDENCE, type Detection } from '@/lib/detect/detection';
import type { Corrections } from '@/lib/panel/page/actions';
import { profileCompanyCounts } from '@/lib/book/job-change';

/**
 * What a page says of who it is about (the seed of a contact card), apart from the card's other
 * modules: the panel's first paint needs it, without the identity keys' phone metadata.
 */
export interface CardSeed {
  kind: 'person' | 'company';
  fullName?: string;
  title?: string;
  company?: string;
  location?: string;
  profileUrl?: string;
  microblogUsername?: string;
  /** A company page's URL. */
  companyUrl?: string;
  /** The address the person wrote from (a web mail participant): what every lookup of the card asks by. */
  email?: string;
  /**
   * What their own profile says they do now, when the readers are sure of it or the user corrected
   * it: held against the book's record for a job change (lib/book/job-change.ts). The job title
   * proper, never the headline.
   */
  current?: { title?: string; company?: string };
}

const clean = (value: string | undefined) => value?.replace(/\s+/g, ' ').trim() || undefined;

/** The header a page gives before anything is looked up; null for pages about no one. */
export function seedOfDetection(detection: Detection | null, corrections: Corrections = {}): CardSeed | null {
  if (!detection) return null;
  if (detection.kind === 'company') {
    const name = clean(corrections.company) ?? clean(detection.company?.name);
    return name || detection.company?.url ? { kind: 'company', company: name, companyUrl: detection.company?.url } : null;
  }
  if (detection.kind !== 'person' && detection.kind !== 'salesLead' && detection.kind !== 'microblogProfile') return null;
  const p = detection.person;
  if (!p) return null;
  const corrected = clean(corrections.company) !== undefined;
  const company = clean(corrections.company) ?? clean(p.company);
  // A company only a headline gave ("Consultant en recrutement") is not where they work now.
  const sure = detection.kind === 'person' && (corrected || (detection.confidence >= LOW_CONFIDENCE && profileCompanyCounts(detection)));
  return {
    kind: 'person',
    fullName: clean(corrections.fullName) ?? clean(p.fullName),
    title: clean(p.jobTitle) ?? clean(p.headline),
    company,
    ...(sure && company ? { current: { title: clean(p.jobTitle), company } } : {}),
    location: clean(p.location),
    profileUrl: p.profileUrl,
    microblogUsername: p.microblogUsername,
  };
}

