import { z } from 'zod';
import { INPUT_MESSAGES } from '@/lib/enrichment/messages';
import { optionalText, params, requiredText, type Prepared } from '@/lib/enrichment/input-rules';

export interface FindWorkEmailInput {
  fullName: string;
  /** A company name; this or `networkInSlug` is required. */
  company?: string;
  /** The profile slug on the professional network (the part after `/in/`); a full profile URL is accepted. */
  networkInSlug?: string;
  /** 3 = full search, 2 = domain only. */
  step?: 2 | 3;
  country?: string;
}

/** People paste the whole profile address where the slug is asked for; the slug is what is sent. */
const slug = requiredText(INPUT_MESSAGES.findEmailTarget).transform((value) => {
  const match = /\/in\/([^/?#]+)/.exec(value);
  const raw = match?.[1] ?? value.replace(/^\/+|\/+$/g, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
});

export const findWorkEmailInput = z
  .object(
    {
      fullName: requiredText(INPUT_MESSAGES.fullName),
      company: optionalText(INPUT_MESSAGES.companyName),
      networkInSlug: slug.optional(),
      step: z.union([z.literal(2), z.literal(3)], { error: INPUT_MESSAGES.findEmailStep }).optional(),
      country: optionalText(INPUT_MESSAGES.country),
    },
    { error: INPUT_MESSAGES.notAnObject },
  )
  .refine((input) => input.company !== undefined || input.networkInSlug !== undefined, {
    error: INPUT_MESSAGES.findEmailTarget,
  })
  .transform(
    (input): Prepared => ({
      params: params({
        fullName: input.fullName,
        company: input.company,
        networkInSlug: input.networkInSlug,
        findEmailV2Step: input.step === undefined ? undefined : String(input.step),
        findEmailV2Country: input.country,
      }),
    }),
  );
