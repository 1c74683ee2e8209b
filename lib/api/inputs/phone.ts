import { z } from 'zod';
import { INPUT_MESSAGES } from '@/lib/enrichment/messages';
import type { Phone } from '@/lib/enrichment/model';
import { parseTypedPhone, toRegion } from '@/lib/enrichment/phone';
import { email, flagParams, optionalFlag, params, profileUrl, requiredText, type Prepared } from '@/lib/enrichment/input-rules';

export interface SearchPhoneInput {
  profileUrl?: string;
  email?: string;
  whatsappCheck?: boolean;
  /** The interface's example sends 1; other values are not documented. */
  minimumMatch?: number;
}

export const searchPhoneInput = z
  .object(
    {
      profileUrl: profileUrl.optional(),
      email: email.optional(),
      whatsappCheck: optionalFlag,
      minimumMatch: z.number({ error: INPUT_MESSAGES.minimumMatch }).int({ error: INPUT_MESSAGES.minimumMatch }).min(1, { error: INPUT_MESSAGES.minimumMatch }).optional(),
    },
    { error: INPUT_MESSAGES.notAnObject },
  )
  .refine((input) => input.profileUrl !== undefined || input.email !== undefined, { error: INPUT_MESSAGES.phoneSearchTarget })
  .transform(
    (input): Prepared => ({
      params: {
        // The interface names the profile URL parameter `username`.
        ...params({ username: input.profileUrl, email: input.email }),
        ...flagParams({ whatsappCheck: input.whatsappCheck }),
        ...params({ minimumMatch: input.minimumMatch === undefined ? undefined : String(input.minimumMatch) }),
      },
    }),
  );

export interface ReversePhoneInput {
  phone: string;
  /** Two-letter region used to read a number typed without its country code. */
  defaultRegion?: string;
}

export interface PreparedPhone extends Prepared {
  phone: Phone;
}

export const reversePhoneInput = z
  .object(
    {
      phone: requiredText(INPUT_MESSAGES.phone),
      defaultRegion: z
        .string({ error: INPUT_MESSAGES.region })
        .trim()
        .refine((value) => toRegion(value) !== undefined, { error: INPUT_MESSAGES.region })
        .optional(),
    },
    { error: INPUT_MESSAGES.notAnObject },
  )
  .transform((input, ctx): PreparedPhone => {
    const numbers = parseTypedPhone(input.phone, toRegion(input.defaultRegion));
    if (!numbers) {
      ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.phone(), path: ['phone'] });
      return z.NEVER;
    }
    return { params: { phone: numbers.e164 }, phone: numbers };
  });
