/**
 * The words the book stores for an email's grade and a phone's kind, without the schemas
 * (model.ts), so that what reads records plainly (first-read.ts) checks them against the same lists.
 */

/**
 * verified: the gateway verified the mailbox. catch_all: the domain accepts every address, so it
 * cannot be verified. most_probable: the gateway's best guess. unverified: anything else.
 */
export const EMAIL_GRADES = ['verified', 'catch_all', 'most_probable', 'unverified'] as const;
export type EmailGrade = (typeof EMAIL_GRADES)[number];

/** As the gateway says; 'unknown' when it did not say (never shown as "other"). */
export const PHONE_KINDS = ['mobile', 'landline', 'work', 'unknown'] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];

/** A stored phone number as the schema has it: E.164. */
export const E164 = /^\+\d{6,15}$/;
