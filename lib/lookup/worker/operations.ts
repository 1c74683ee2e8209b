import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js';
import type { Person } from '@/lib/api';
import { fullEnrichInput, enrichCompanyInput } from '@/lib/api/inputs/enrich';
import { findWorkEmailInput } from '@/lib/api/inputs/find-email';
import { emailInput } from '@/lib/api/inputs/email';
import { microblogByUsernameInput } from '@/lib/api/inputs/microblog';
import { reversePhoneInput, searchPhoneInput } from '@/lib/api/inputs/phone';
import { identity } from '@/lib/identity/keys';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import type { Preferences } from '@/lib/settings/preferences';
import type { Operation } from '@/lib/lookup/worker/operation';
import type { OperationName } from '@/lib/lookup/operation-names';
import { maxPrice } from '@/lib/lookup/prices';

export { OPERATION_NAMES, isOperationName, type OperationAnswer, type OperationName, type OperationResults, type ResultOf } from '@/lib/lookup/operation-names';

export { PRICES } from '@/lib/lookup/prices';

const text = z.string().trim().min(1).max(2_000);

/** Runs the client's own validation, so that a bad input is refused before anything is recorded as sent. */
function validatedBy<T, Input>(schema: z.ZodType<T>, toClientInput: (input: Input, prefs?: Preferences) => unknown) {
  return (input: Input, ctx: z.RefinementCtx) => {
    const result = schema.safeParse(toClientInput(input));
    if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Invalid input.' });
  };
}

function keys(...candidates: (string | null | undefined)[]): string[] {
  return [...new Set(candidates.filter((k): k is string => Boolean(k)))];
}

function personKeys(person: Person | undefined): string[] {
  if (!person) return [];
  return keys(
    person.networkUrl ? identity.networkProfile(person.networkUrl) : null,
    ...person.emails.filter((e) => e.verified).map((e) => identity.email(e.address)),
    ...person.phones.map((p) => `phone:${p.e164}`),
  );
}

function regionOf(prefs: Preferences, region?: string): CountryCode | undefined {
  return (region ?? prefs.lookups.defaultPhoneRegion ?? undefined) as CountryCode | undefined;
}

// ---- enrich a person ----------------------------------------------------------------------

const enrichPersonInput = z
  .object({
    profileUrl: text.optional(),
    email: text.optional(),
    firstName: text.optional(),
    lastName: text.optional(),
    fullName: text.optional(),
    company: text.optional(),
  })
  .strict();
type EnrichPersonInput = z.infer<typeof enrichPersonInput>;

function toFullEnrich(input: EnrichPersonInput) {
  if (input.profileUrl) return { data: input.profileUrl };
  if (input.email) return { data: input.email };
  if (input.firstName && input.lastName) return { firstName: input.firstName, lastName: input.lastName, company: input.company };
  return { fullName: input.fullName, company: input.company };
}

const enrichPerson: Operation<EnrichPersonInput, 'enrichPerson'> = {
  name: 'enrichPerson',
  input: enrichPersonInput.superRefine(validatedBy(fullEnrichInput, toFullEnrich)),
  freshness: 'other',
  maxPrice: (prefs) => maxPrice('enrichPerson', prefs.lookups.fullFlags),
  subject: (i) => i.profileUrl ?? i.email ?? `${i.fullName ?? `${i.firstName} ${i.lastName}`}, ${i.company}`,
  identities: (i) =>
    keys(
      i.profileUrl ? identity.networkProfile(i.profileUrl) : null,
      i.email ? identity.email(i.email) : null,
      i.company ? identity.nameAtCompany(i.fullName ?? `${i.firstName ?? ''} ${i.lastName ?? ''}`, i.company) : null,
    ),
  resultIdentities: (v) => personKeys(v.person),
  run: (client, i, prefs) => client.fullEnrich({ ...toFullEnrich(i), ...prefs.lookups.fullFlags } as never),
};

// ---- enrich a company ---------------------------------------------------------------------

const companyInput = z.object({ company: text }).strict();

const enrichCompany: Operation<z.infer<typeof companyInput>, 'enrichCompany'> = {
  name: 'enrichCompany',
  input: companyInput.superRefine(validatedBy(enrichCompanyInput, (i) => i)),
  freshness: 'other',
  maxPrice: (prefs) => maxPrice('enrichCompany', prefs.lookups.fullFlags),
  subject: (i) => i.company,
  identities: (i) => keys(identity.networkProfile(i.company), identity.domain(i.company), `company-name:${i.company.toLowerCase()}`),
  resultIdentities: (company) =>
    keys(company.domain ? identity.domain(company.domain) : null, company.networkUrl ? identity.networkProfile(company.networkUrl) : null),
  run: (client, i, prefs) => client.enrichCompany({ company: i.company, companyFull: prefs.lookups.fullFlags.companyFull }),
};

// ---- find a work email --------------------------------------------------------------------

const findEmailInput = z.object({ fullName: text, company: text.optional(), profileUrl: text.optional() }).strict();
type FindEmailInput = z.infer<typeof findEmailInput>;

function toFindEmail(i: FindEmailInput, prefs?: Preferences) {
  const slug = i.profileUrl ? parseNetworkProfileUrl(i.profileUrl)?.slug : undefined;
  return {
    fullName: i.fullName,
    company: i.company,
    networkInSlug: slug,
    step: prefs?.lookups.findEmailStep,
    country: prefs?.lookups.findEmailCountry || undefined,
  };
}

const findWorkEmail: Operation<FindEmailInput, 'findWorkEmail'> = {
  name: 'findWorkEmail',
  input: findEmailInput.superRefine(validatedBy(findWorkEmailInput, toFindEmail)),
  freshness: 'other',
  maxPrice: (prefs) => maxPrice('findWorkEmail', prefs.lookups.fullFlags),
  subject: (i) => `${i.fullName}, ${i.company ?? i.profileUrl}`,
  identities: (i) => keys(i.profileUrl ? identity.networkProfile(i.profileUrl) : null, i.company ? identity.nameAtCompany(i.fullName, i.company) : null),
  resultIdentities: (v) => keys(v.email?.verified ? identity.email(v.email.address) : null),
  run: (client, i, prefs) => client.findWorkEmail(toFindEmail(i, prefs)),
};

// ---- phone search -------------------------------------------------------------------------

const phoneSearchInput = z.object({ profileUrl: text.optional(), email: text.optional() }).strict();
type PhoneSearchInput = z.infer<typeof phoneSearchInput>;

const searchPhone: Operation<PhoneSearchInput, 'searchPhone'> = {
  name: 'searchPhone',
  input: phoneSearchInput.superRefine(validatedBy(searchPhoneInput, (i) => i)),
  freshness: 'phone',
  maxPrice: (prefs) => maxPrice('searchPhone', prefs.lookups.fullFlags),
  subject: (i) => [i.profileUrl, i.email].filter(Boolean).join(' + '),
  identities: (i) => keys(i.profileUrl ? identity.networkProfile(i.profileUrl) : null, i.email ? identity.email(i.email) : null),
  resultIdentities: (v) => personKeys(v.person),
  run: (client, i, prefs) =>
    client.searchPhone({ ...i, whatsappCheck: prefs.lookups.fullFlags.whatsappCheck, minimumMatch: prefs.lookups.minimumMatch }),
};

// ---- personal email, reverse phone, microblog --------------------------------------------

const emailOnly = z.object({ email: text }).strict();

const searchPersonalEmail: Operation<z.infer<typeof emailOnly>, 'searchPersonalEmail'> = {
  name: 'searchPersonalEmail',
  input: emailOnly.superRefine(validatedBy(emailInput, (i) => i)),
  freshness: 'other',
  maxPrice: (prefs) => maxPrice('searchPersonalEmail', prefs.lookups.fullFlags),
  personalData: true,
  subject: (i) => i.email,
  identities: (i) => keys(identity.email(i.email)),
  resultIdentities: () => [],
  run: (client, i) => client.searchPersonalEmail(i),
};

const phoneOnly = z.object({ phone: text, region: z.string().regex(/^[A-Z]{2}$/).optional() }).strict();
type PhoneOnly = z.infer<typeof phoneOnly>;

const reversePhone: Operation<PhoneOnly, 'reversePhone'> = {
  name: 'reversePhone',
  input: phoneOnly.superRefine(validatedBy(reversePhoneInput, (i: PhoneOnly) => ({ phone: i.phone, defaultRegion: i.region }))),
  freshness: 'phone',
  maxPrice: (prefs) => maxPrice('reversePhone', prefs.lookups.fullFlags),
  subject: (i) => i.phone,
  identities: (i, prefs) => keys(identity.phone(i.phone, regionOf(prefs, i.region))),
  resultIdentities: () => [],
  run: (client, i, prefs) => client.reversePhone({ phone: i.phone, defaultRegion: regionOf(prefs, i.region) }),
};

const microblogInput = z.object({ username: text.optional(), profileUrl: text.optional() }).strict();
type MicroblogInput = z.infer<typeof microblogInput>;

const microblogProfile: Operation<MicroblogInput, 'microblogProfile'> = {
  name: 'microblogProfile',
  input: microblogInput.superRefine(validatedBy(microblogByUsernameInput, (i) => i)),
  freshness: 'other',
  maxPrice: (prefs) => maxPrice('microblogProfile', prefs.lookups.fullFlags),
  subject: (i) => (i.username ? `@${i.username.replace(/^@/, '')}` : (i.profileUrl ?? '')),
  identities: (i) => keys(i.username ? `microblog:${i.username.replace(/^@/, '').toLowerCase()}` : null, i.profileUrl ? identity.networkProfile(i.profileUrl) : null),
  resultIdentities: (v) => keys(`microblog:${v.username.toLowerCase()}`),
  run: (client, i) => client.microblogByUsername(i),
};

const microblogByEmail: Operation<z.infer<typeof emailOnly>, 'microblogByEmail'> = {
  name: 'microblogByEmail',
  input: emailOnly.superRefine(validatedBy(emailInput, (i) => i)),
  freshness: 'other',
  maxPrice: (prefs) => maxPrice('microblogByEmail', prefs.lookups.fullFlags),
  subject: (i) => i.email,
  identities: (i) => keys(identity.email(i.email)),
  resultIdentities: (v) => keys(`microblog:${v.username.toLowerCase()}`),
  run: (client, i) => client.microblogByEmail(i),
};

export const OPERATIONS = {
  enrichPerson,
  enrichCompany,
  findWorkEmail,
  searchPhone,
  searchPersonalEmail,
  reversePhone,
  microblogProfile,
  microblogByEmail,
} satisfies { [Op in OperationName]: Operation<unknown, Op> };

/** The operations by name, each with its own answer type; a test may hand the service fewer. */
export type OperationTable = { readonly [Op in OperationName]?: Operation<unknown, Op> };
