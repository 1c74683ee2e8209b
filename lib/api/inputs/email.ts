import { z } from 'zod';
import { INPUT_MESSAGES } from '@/lib/enrichment/messages';
import { email, type Prepared } from '@/lib/enrichment/input-rules';

export interface EmailInput {
  email: string;
}

export interface PreparedEmail extends Prepared {
  email: string;
}

/** One email address and nothing else: personal-email search and microblog-by-email. */
export const emailInput = z
  .object({ email }, { error: INPUT_MESSAGES.notAnObject })
  .transform((input): PreparedEmail => ({ params: { email: input.email }, email: input.email }));
