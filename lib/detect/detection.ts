/**
 * What a content script detected on a page: the contract between the page readers
 * (lib/detect/content, lib/scan/content), the in-page panel, the side panel and the popup.
 */
export type PageKind = 'person' | 'company' | 'salesLead' | 'peopleSearch' | 'microblogProfile' | 'other';

export interface DetectedPerson {
  fullName?: string;
  headline?: string;
  jobTitle?: string;
  company?: string;
  location?: string;
  /** Canonical public profile URL (`https://www.linkedin.com/in/<slug>/`). */
  profileUrl?: string;
  microblogUsername?: string;
}

export interface DetectedCompany {
  name?: string;
  /** Canonical company page URL (`https://www.linkedin.com/company/<slug>/`). */
  url?: string;
}

export interface SearchResultRow {
  /** Stable per page: the member URN, else the profile URL. */
  key: string;
  fullName?: string;
  headline?: string;
  profileUrl?: string;
}

export interface Detection {
  kind: PageKind;
  url: string;
  person?: DetectedPerson;
  company?: DetectedCompany;
  results?: SearchResultRow[];
  /** 0..1: how sure the readers are of the name and company. Below 0.6 the panel asks the user to check. */
  confidence: number;
  /** Which strategies agreed (e.g. 'url', 'title', 'h1', 'aria-label', 'json-ld'), for diagnosis. */
  sources: string[];
}

export const LOW_CONFIDENCE = 0.6;
