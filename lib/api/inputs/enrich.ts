import { z } from 'zod';
import { INPUT_MESSAGES } from '@/lib/enrichment/messages';
import {
  email,
  flagParams,
  hasAll,
  inputObject,
  optionalFlag,
  params,
  profileUrl,
  reportIssues,
  requiredText,
  webUrl,
  type Prepared,
} from '@/lib/enrichment/input-rules';

/** The interface's parameter groups, in its order of preference (a profile URL is best). */
export type FullEnrichInput = (
  | { data: string }
  | { firstName: string; lastName: string; company: string }
  | { fullName: string; company: string }
) &
  EnrichFlags;

export interface EnrichFlags {
  companyPremium?: boolean;
  companyFull?: boolean;
  personFull?: boolean;
  phoneFull?: boolean;
  whatsappCheck?: boolean;
}

const GROUPS = [['data'], ['firstName', 'lastName', 'company'], ['fullName', 'company']] as const;

const flags = z.object({
  companyPremium: optionalFlag,
  companyFull: optionalFlag,
  personFull: optionalFlag,
  phoneFull: optionalFlag,
  whatsappCheck: optionalFlag,
});

/** `data` is a profile URL or a work email; which one decides how it is checked and reported. */
const profileOrEmail = requiredText().transform((value, ctx) => {
  const looksLikeEmail = value.includes('@') && !value.includes('/');
  const result = (looksLikeEmail ? email : profileUrl).safeParse(value);
  if (result.success) return result.data;
  ctx.addIssue({ code: 'custom', message: looksLikeEmail ? INPUT_MESSAGES.email() : INPUT_MESSAGES.profileUrl() });
  return z.NEVER;
});

const groupSchemas = [
  z.object({ data: profileOrEmail }),
  z.object({
    firstName: requiredText(INPUT_MESSAGES.firstName),
    lastName: requiredText(INPUT_MESSAGES.lastName),
    company: requiredText(INPUT_MESSAGES.companyName),
  }),
  z.object({ fullName: requiredText(INPUT_MESSAGES.fullName), company: requiredText(INPUT_MESSAGES.companyName) }),
];

/** Only the first complete group is sent: mixing groups would let the gateway pick for us. */
export const fullEnrichInput = inputObject.transform((input, ctx): Prepared => {
  const index = GROUPS.findIndex((names) => hasAll(input, names));
  const group = groupSchemas[index]?.safeParse(input);
  const flagged = flags.safeParse(input);
  if (!group) ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.enrichGroup() });
  else if (!group.success) reportIssues(ctx, group.error);
  if (!flagged.success) reportIssues(ctx, flagged.error);
  if (!group?.success || !flagged.success) return z.NEVER;
  return { params: { ...params(group.data as Record<string, string>), ...flagParams(flagged.data) } };
});

export interface EnrichCompanyInput {
  /** A company name, a web domain, or its profile URL on the professional network. */
  company: string;
  companyFull?: boolean;
}

/** Company enrichment is /v2/full with companyPremium: the interface's "by company name or domain". */
export const enrichCompanyInput = z
  .object(
    {
      company: requiredText(INPUT_MESSAGES.company).pipe(
        z.string().transform((value, ctx) => {
          // Names ("AT&T / Bell Labs") and domains go as typed; only what is clearly an address is checked as one.
          if (!/^(https?:\/\/|www\.)|\/company\//i.test(value)) return value;
          const url = webUrl(INPUT_MESSAGES.url).safeParse(value);
          if (url.success) return url.data;
          ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.url() });
          return z.NEVER;
        }),
      ),
      companyFull: optionalFlag,
    },
    { error: INPUT_MESSAGES.notAnObject },
  )
  .transform(({ company, companyFull }): Prepared => ({
    params: { data: company, ...flagParams({ companyPremium: true, companyFull }) },
  }));
