import { z } from 'zod';
import type {
  Company,
  CompanyFunding,
  EmailResult,
  Enrichment,
  MicroblogProfile,
  Person,
  PersonalEmailResult,
  Phone,
  PhoneCandidate,
  PhoneSearchResult,
  Position,
  ReversePhoneResult,
  School,
  WorkEmailResult,
} from '@/lib/enrichment/model';

/**
 * The model's values (model.ts) as zod schemas, for values read back from storage: an answer
 * stored by an earlier release, or damaged, is checked before a screen relies on its shape.
 *
 * Strict where a screen depends on a field (an email has an address, a phone its number) and
 * lenient where an older record may differ: lists and `extra` default to empty, and a phone
 * type this release no longer uses ('other') reads as not stated. Fields the model does not
 * name (written by another release) are kept as they are, never stripped: an entry read and
 * written back loses nothing. Each schema lists exactly the model's fields (checked at compile
 * time below), so a field added to the model must be added here to be checked.
 */

const extra = z.record(z.string(), z.unknown()).default({});
const texts = z.array(z.string()).default([]);

export const emailResultSchema = z.looseObject({
  address: z.string().min(1),
  status: z.enum(['verified', 'most_probable', 'not_found', 'unknown']),
  verified: z.boolean(),
  type: z.enum(['work', 'personal']).optional().catch(undefined),
});

export const phoneSchema = z.looseObject({
  e164: z.string().min(1),
  international: z.string().min(1),
  type: z.enum(['mobile', 'work', 'landline']).optional().catch(undefined),
  whatsapp: z.boolean().optional(),
});

const fundingSchema = z.looseObject({
  totalRaisedUsd: z.number().optional(),
  lastRound: z.string().optional(),
  lastRoundDate: z.string().optional(),
});

export const companySchema = z.looseObject({
  name: z.string().optional(),
  domain: z.string().optional(),
  website: z.string().optional(),
  networkUrl: z.string().optional(),
  industry: z.string().optional(),
  industries: z.array(z.string()).optional(),
  size: z.string().optional(),
  employeeCount: z.number().optional(),
  founded: z.string().optional(),
  headquarters: z.string().optional(),
  country: z.string().optional(),
  phone: phoneSchema.optional(),
  description: z.string().optional(),
  type: z.string().optional(),
  revenueRange: z.string().optional(),
  funding: fundingSchema.optional(),
  specialties: z.array(z.string()).optional(),
  technologies: z.array(z.string()).optional(),
  confidence: z.number().optional(),
  extra,
});

const personShape = {
  fullName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  jobTitle: z.string().optional(),
  headline: z.string().optional(),
  companyName: z.string().optional(),
  location: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  country: z.string().optional(),
  networkUrl: z.string().optional(),
  photoUrl: z.string().optional(),
  urls: texts,
  emails: z.array(emailResultSchema).default([]),
  phones: z.array(phoneSchema).default([]),
  confidence: z.number().optional(),
  microblogUsername: z.string().optional(),
  extra,
};

export const personSchema = z.looseObject(personShape);

export const enrichmentSchema = z.looseObject({
  person: personSchema.optional(),
  company: companySchema.optional(),
  extra,
});

export const workEmailResultSchema = z.looseObject({
  status: emailResultSchema.shape.status,
  email: emailResultSchema.optional(),
  candidates: z.array(emailResultSchema).default([]),
  domain: z.string().optional(),
  catchAll: z.boolean().optional(),
  mxFound: z.boolean().optional(),
  smtpCheck: z.boolean().optional(),
  patterns: texts,
  extra,
});

export const phoneCandidateSchema = z.looseObject({ ...personShape, match: z.number().optional() });

export const phoneSearchResultSchema = z.looseObject({
  person: personSchema.optional(),
  candidates: z.array(phoneCandidateSchema).default([]),
  personsCount: z.number().optional(),
  warnings: texts,
  extra,
});

export const reversePhoneResultSchema = z.looseObject({
  phone: phoneSchema,
  person: personSchema,
  facebookId: z.string().optional(),
});

const positionSchema = z.looseObject({
  title: z.string().optional(),
  companyName: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  extra,
});

const schoolSchema = z.looseObject({
  name: z.string().optional(),
  degree: z.string().optional(),
  fieldOfStudy: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  extra,
});

export const personalEmailResultSchema = z.looseObject({
  email: z.string().min(1),
  person: personSchema,
  positions: z.array(positionSchema).default([]),
  schools: z.array(schoolSchema).default([]),
});

export const microblogProfileSchema = z.looseObject({
  username: z.string().min(1),
  displayName: z.string().optional(),
  bio: z.string().optional(),
  location: z.string().optional(),
  url: z.string().optional(),
  photoUrl: z.string().optional(),
  followers: z.number().optional(),
  following: z.number().optional(),
  person: personSchema.optional(),
  extra,
});

// ---- each schema reads into its model type, and names every field of it ----------------

type SameKeys<Schema extends z.ZodObject, Model> = [Exclude<keyof Schema['shape'], keyof Model>, Exclude<keyof Model, keyof Schema['shape']>] extends [never, never]
  ? z.output<Schema> extends Model
    ? true
    : 'reads into something else than the model'
  : 'the schema and the model name different fields';

const checks: {
  email: SameKeys<typeof emailResultSchema, EmailResult>;
  phone: SameKeys<typeof phoneSchema, Phone>;
  funding: SameKeys<typeof fundingSchema, CompanyFunding>;
  company: SameKeys<typeof companySchema, Company>;
  person: SameKeys<typeof personSchema, Person>;
  enrichment: SameKeys<typeof enrichmentSchema, Enrichment>;
  workEmail: SameKeys<typeof workEmailResultSchema, WorkEmailResult>;
  candidate: SameKeys<typeof phoneCandidateSchema, PhoneCandidate>;
  phoneSearch: SameKeys<typeof phoneSearchResultSchema, PhoneSearchResult>;
  reversePhone: SameKeys<typeof reversePhoneResultSchema, ReversePhoneResult>;
  position: SameKeys<typeof positionSchema, Position>;
  school: SameKeys<typeof schoolSchema, School>;
  personalEmail: SameKeys<typeof personalEmailResultSchema, PersonalEmailResult>;
  microblog: SameKeys<typeof microblogProfileSchema, MicroblogProfile>;
} = {
  email: true,
  phone: true,
  funding: true,
  company: true,
  person: true,
  enrichment: true,
  workEmail: true,
  candidate: true,
  phoneSearch: true,
  reversePhone: true,
  position: true,
  school: true,
  personalEmail: true,
  microblog: true,
};
void checks;
