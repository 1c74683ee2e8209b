import { z } from 'zod';
import { normaliseEmail } from '@/lib/identity/email';
import type { WebmailParticipants } from '@/lib/webmail/participant';

/**
 * What a web mail content script may report, checked by the worker: the page (and so the
 * message) is untrusted, and so is the content script's message. Addresses must arrive as the
 * readers give them (lowercased, checked), each once, never the user's own.
 */
const email = z
  .string()
  .max(320)
  .refine((value) => normaliseEmail(value) === value, { message: 'not a normalised email address' });

export const participantSchema = z
  .object({
    name: z.string().min(1).max(120).nullable(),
    email,
    role: z.enum(['from', 'to', 'cc']),
  })
  .strict();

// Matches the readers' own bound on participants per conversation.
export const MAX_REPORTED_PARTICIPANTS = 500;

export const webmailParticipantsSchema = z
  .object({
    client: z.enum(['gmail', 'outlook']),
    sender: participantSchema.nullable(),
    others: z.array(participantSchema).max(MAX_REPORTED_PARTICIPANTS),
    self: email.nullable(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const all = [...(value.sender ? [value.sender] : []), ...value.others].map((person) => person.email);
    if (new Set(all).size !== all.length) ctx.addIssue({ code: 'custom', message: 'an address is reported twice' });
    if (value.self && all.includes(value.self)) ctx.addIssue({ code: 'custom', message: 'the user’s own address is reported as a participant' });
    if (value.sender && value.sender.role !== 'from') ctx.addIssue({ code: 'custom', message: 'the sender’s role is not from' });
  });

// The schema and the readers' type describe the same thing.
export type ReportedParticipants = z.infer<typeof webmailParticipantsSchema>;
const _sameShape: ReportedParticipants = {} as WebmailParticipants;
void _sameShape;

/** The web mail content script's messages about its own tab. */
export const webmailMessageSchemas = {
  /**
   * The open message's participants on the sender's tab, or null when no message is open. Answers
   * whether to show the launcher beside the sender, and its label in the user's language (a
   * content script carries no catalog).
   */
  reportParticipants: z.object({ mail: webmailParticipantsSchema.nullable() }).strict(),
  /** The user clicked the launcher; its own tab's panel opens. */
  openMailPanel: z.undefined(),
} as const;

export interface WebmailReplies {
  reportParticipants: { launcher: boolean; launcherLabel: string };
  openMailPanel: true;
}
