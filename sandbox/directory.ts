import { z } from 'zod';
import rawDirectory from '@/sandbox/directory.json' with { type: 'json' };

/**
 * The synthetic directory every answer is drawn from. It is parsed, not trusted, because tests
 * pass their own directories and a typo in the JSON should fail loudly at start-up.
 */

const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'phone numbers are stored in E.164');

/**
 * The most phones one person carries, so the most mobiles one full enrichment can return (every
 * one of them may be a mobile): what makes "the most it can cost" a stated figure (prices.ts).
 */
export const MAX_PHONES_PER_PERSON = 3;

export const companySchema = z.object({
  name: z.string().min(1),
  slug: z.string().min(1),
  domain: z.string().min(1),
  networkUrl: z.url(),
  catchall: z.boolean(),
  emailPattern: z.enum(['first.last', 'first', 'flast', 'firstlast']),
  industry: z.string(),
  type: z.string(),
  size: z.string(),
  employeeCount: z.number().int().positive(),
  founded: z.number().int(),
  headquarters: z.object({
    address: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string().length(2),
  }),
  phone: e164.nullable(),
  website: z.url(),
  description: z.string(),
  specialties: z.array(z.string()),
  microblogUsername: z.string().nullable(),
  revenueRange: z.string(),
  funding: z.object({ totalRaisedUsd: z.number().int(), lastRound: z.string(), lastRoundDate: z.string() }).nullable(),
  technologies: z.array(z.string()),
  locations: z.array(z.string()),
});

const positionSchema = z.object({
  title: z.string(),
  company: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
});

const schoolSchema = z.object({
  school: z.string(),
  degree: z.string(),
  field: z.string(),
  startYear: z.number().int(),
  endYear: z.number().int(),
});

export const personSchema = z
  .object({
    id: z.string().regex(/^\d+$/),
    slug: z.string().min(1),
    fullName: z.string().min(1),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    networkUrl: z.url(),
    headline: z.string(),
    summary: z.string(),
    jobTitle: z.string(),
    seniority: z.string(),
    department: z.string(),
    company: z.string(),
    startDate: z.string(),
    email: z.string().nullable(),
    personalEmail: z.string().nullable(),
    phones: z.array(e164).max(MAX_PHONES_PER_PERSON),
    whatsapp: z.array(z.boolean()),
    location: z.string(),
    city: z.string(),
    region: z.string(),
    country: z.string().length(2),
    microblogUsername: z.string().nullable(),
    microblog: z
      .object({ id: z.string(), bio: z.string(), followers: z.number().int(), following: z.number().int(), joined: z.string(), verified: z.boolean() })
      .nullable(),
    skills: z.array(z.string()),
    languages: z.array(z.string()),
    experience: z.array(positionSchema),
    education: z.array(schoolSchema),
    connections: z.number().int(),
    followers: z.number().int(),
  })
  .refine((person) => person.whatsapp.length === person.phones.length, 'whatsapp holds one flag per phone');

export const directorySchema = z.object({
  companies: z.array(companySchema),
  people: z.array(personSchema),
});

export type Company = z.infer<typeof companySchema>;
export type Person = z.infer<typeof personSchema>;
export type Directory = z.infer<typeof directorySchema>;

let cached: Directory | undefined;

/** The directory shipped in `sandbox/directory.json`, parsed once. */
export function defaultDirectory(): Directory {
  cached ??= directorySchema.parse(rawDirectory);
  return cached;
}
