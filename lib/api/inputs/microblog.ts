import { z } from 'zod';
import { INPUT_MESSAGES } from '@/lib/enrichment/messages';
import { params, profileUrl, requiredText, type Prepared } from '@/lib/enrichment/input-rules';

export interface MicroblogByUsernameInput {
  /** The handle, with or without its `@`. */
  username?: string;
  /** A professional-network profile URL; sent as `network`. */
  profileUrl?: string;
}

const username = requiredText(INPUT_MESSAGES.username)
  .transform((value) => value.replace(/^@/, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9_]{1,50}$/, { error: INPUT_MESSAGES.username }));

export const microblogByUsernameInput = z
  .object({ username: username.optional(), profileUrl: profileUrl.optional() }, { error: INPUT_MESSAGES.notAnObject })
  .refine((input) => input.username !== undefined || input.profileUrl !== undefined, { error: INPUT_MESSAGES.microblogTarget })
  .transform((input): Prepared => ({ params: params({ username: input.username, network: input.profileUrl }) }));
