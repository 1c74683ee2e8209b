import { z } from 'zod';
import { INPUT_MESSAGES, type Message } from '@/lib/enrichment/messages';

/**
 * Building blocks for the input schemas. Every rule here runs before a request is made: a
 * request that cannot succeed must not reach the gateway, where some lookups are paid.
 */

export type Params = Record<string, string>;

/** What every input schema produces: the query to send, beside any context the parser needs. */
export interface Prepared {
  params: Params;
}

export function requiredText(message: Message = INPUT_MESSAGES.empty) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

export function optionalText(message: Message = INPUT_MESSAGES.empty) {
  return requiredText(message).optional();
}

export const email = z.string({ error: INPUT_MESSAGES.email }).trim().pipe(z.email({ error: INPUT_MESSAGES.email }));

/** Pasted addresses often lack the scheme; anything else must be a real http(s) URL. */
export function webUrl(message: Message) {
  return requiredText(message).transform((value, ctx) => {
    const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
    try {
      const url = new URL(withScheme);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')) return url.toString();
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: message() });
    return z.NEVER;
  });
}

export const profileUrl = webUrl(INPUT_MESSAGES.profileUrl);

/** Optional booleans travel only when set, as the string the gateway expects. */
export const optionalFlag = z.boolean({ error: INPUT_MESSAGES.flag }).optional();

export function flagParams(flags: Record<string, boolean | undefined>): Params {
  return Object.fromEntries(Object.entries(flags).flatMap(([name, on]) => (on === true ? [[name, 'true']] : [])));
}

/** Keeps only the parameters that have a value. */
export function params(entries: Record<string, string | undefined>): Params {
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Whether the caller supplied a value (even an invalid one) for every name of a group. */
export function hasAll(input: Record<string, unknown>, names: readonly string[]): boolean {
  return names.every((name) => input[name] !== undefined);
}

/** Carries the issues of a nested parse into the outer one, messages and paths intact. */
export function reportIssues(ctx: z.core.$RefinementCtx, error: z.ZodError): void {
  for (const issue of error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
}

export const inputObject = z.looseObject({}, { error: INPUT_MESSAGES.notAnObject });
