/**
 * The one shape the rest of Dossier sees, whichever dialect the gateway spoke (the interface's
 * `data` record or the live gateway's blocks). Every field the gateway may omit is optional;
 * whatever the normalisers do not recognise is kept in `extra` rather than lost.
 */

/** Raw fields the model has no name for, as the gateway sent them. */
export type Extra = Record<string, unknown>;

export type EmailStatus = 'verified' | 'most_probable' | 'not_found' | 'unknown';

/** Whether an address is the person's at work or their own, as the gateway labels it. */
export type EmailType = 'work' | 'personal';

export interface EmailResult {
  address: string;
  status: EmailStatus;
  /** Only a verified address is safe to send to; everything else is a guess. */
  verified: boolean;
  /** Undefined when the gateway did not say. */
  type?: EmailType;
}

/**
 * The line as the gateway states it. A word Dossier does not know leaves the type undefined
 * rather than guessing: a screen then says nothing, never a vague "other".
 */
export type PhoneType = 'mobile' | 'work' | 'landline';

export interface Phone {
  e164: string;
  /** International display form, e.g. `+33 6 12 34 56 78`. */
  international: string;
  type?: PhoneType;
  /** Messaging-app presence; undefined when the gateway did not check. */
  whatsapp?: boolean | undefined;
}

export interface Company {
  name?: string;
  domain?: string;
  website?: string;
  networkUrl?: string;
  industry?: string;
  industries?: string[];
  /** A range or label as the gateway words it ("201-500"). */
  size?: string;
  employeeCount?: number;
  founded?: string;
  headquarters?: string;
  country?: string;
  phone?: Phone;
  description?: string;
  /** "Privately Held", "Public Company"… as the gateway words it. */
  type?: string;
  /** A range as the gateway words it ("$50M-$100M"). */
  revenueRange?: string;
  funding?: CompanyFunding;
  specialties?: string[];
  technologies?: string[];
  confidence?: number;
  extra: Extra;
}

export interface CompanyFunding {
  totalRaisedUsd?: number;
  lastRound?: string;
  /** As the gateway sent it, usually `YYYY-MM-DD`. */
  lastRoundDate?: string;
}

export interface Person {
  fullName?: string;
  firstName?: string;
  lastName?: string;
  jobTitle?: string;
  headline?: string;
  /** The employer as the person record names it; the full record is `Enrichment.company`. */
  companyName?: string;
  location?: string;
  city?: string;
  region?: string;
  country?: string;
  networkUrl?: string;
  photoUrl?: string;
  urls: string[];
  emails: EmailResult[];
  phones: Phone[];
  confidence?: number;
  microblogUsername?: string;
  extra: Extra;
}

/** Full enrichment: at least one of the two is present, or the call is a no_match. */
export interface Enrichment {
  person?: Person;
  company?: Company;
  /** Top-level blocks of the answer that belong to neither. */
  extra: Extra;
}

export interface WorkEmailResult {
  /** The service's verdict for the search as a whole. */
  status: EmailStatus;
  /** The best address: the verified one, else the first most probable one. */
  email?: EmailResult;
  /** Every 'Most Probable' candidate, in the gateway's order. */
  candidates: EmailResult[];
  domain?: string;
  /** The domain accepts every address, so nothing on it can be verified. */
  catchAll?: boolean;
  mxFound?: boolean;
  smtpCheck?: boolean;
  patterns: string[];
  extra: Extra;
}

export interface PhoneCandidate extends Person {
  /** How well the candidate matches the query, as the gateway scores it. */
  match?: number;
}

export interface PhoneSearchResult {
  person?: Person;
  candidates: PhoneCandidate[];
  personsCount?: number;
  warnings: string[];
  extra: Extra;
}

export interface ReversePhoneResult {
  /** The number that was looked up, normalised. */
  phone: Phone;
  person: Person;
  facebookId?: string;
}

export interface Position {
  title?: string;
  companyName?: string;
  startDate?: string;
  endDate?: string;
  extra: Extra;
}

export interface School {
  name?: string;
  degree?: string;
  fieldOfStudy?: string;
  startDate?: string;
  endDate?: string;
  extra: Extra;
}

export interface PersonalEmailResult {
  email: string;
  person: Person;
  positions: Position[];
  schools: School[];
}

export interface MicroblogProfile {
  /** Without the leading `@`. */
  username: string;
  displayName?: string;
  bio?: string;
  location?: string;
  url?: string;
  photoUrl?: string;
  followers?: number;
  following?: number;
  /** What the gateway's `other` block says about the person behind the account. */
  person?: Person;
  extra: Extra;
}

export interface CreditBalance {
  credits: number;
  extra: Extra;
}
