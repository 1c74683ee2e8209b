import { z } from 'zod';

/**
 * The shapes of Salesforce's answers Dossier reads (REST API v60.0 and the OAuth endpoints),
 * as documented; anything else in them is ignored. Salesforce publishes no TypeScript types.
 */
export const SALESFORCE_API_VERSION = 'v60.0';

/** `POST /services/oauth2/token`: the refresh grant answers without a new refresh token. */
export const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  instance_url: z.string().min(1),
  id: z.string().optional(),
  issued_at: z.string().optional(),
  signature: z.string().optional(),
  token_type: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** The OAuth endpoints' error body. */
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

export function oauthMessage(body: unknown): string | null {
  const parsed = oauthErrorSchema.safeParse(body);
  return parsed.success ? (parsed.data.error_description ?? parsed.data.error) : salesforceMessage(body);
}

/** The OAuth error code (`invalid_client`, `invalid_grant`…), kept so that a refusal can say what to change. */
export function oauthDetails(body: unknown): { code: string } | null {
  const parsed = oauthErrorSchema.safeParse(body);
  return parsed.success ? { code: parsed.data.error } : null;
}

const matchRecordSchema = z.object({ record: z.object({ Id: z.string(), attributes: z.object({ type: z.string() }).partial().optional() }).passthrough() });

/** The REST API's error body: always an array; a duplicate rule adds its matches. */
export const errorsSchema = z.array(
  z.object({
    message: z.string(),
    errorCode: z.string(),
    fields: z.array(z.string()).optional(),
    duplicateResult: z
      .object({ matchResults: z.array(z.object({ entityType: z.string().optional(), matchRecords: z.array(matchRecordSchema).optional() })).optional() })
      .passthrough()
      .optional(),
  }),
);

export function salesforceMessage(body: unknown): string | null {
  const parsed = errorsSchema.safeParse(body);
  return parsed.success && parsed.data[0] ? parsed.data[0].message : null;
}

/** The error code and, for DUPLICATES_DETECTED, the ids of the records the rule matched. */
export function salesforceDetails(body: unknown): { code?: string; recordIds?: string[] } | null {
  const parsed = errorsSchema.safeParse(body);
  const first = parsed.success ? parsed.data[0] : undefined;
  if (!first) return null;
  const recordIds = (first.duplicateResult?.matchResults ?? []).flatMap((r) => (r.matchRecords ?? []).map((m) => m.record.Id));
  return { code: first.errorCode, ...(recordIds.length ? { recordIds } : {}) };
}

export const sobjectSchema = z.object({ Id: z.string() }).catchall(z.unknown());
export type SObject = z.infer<typeof sobjectSchema>;

export const queryAnswerSchema = z.object({ totalSize: z.number(), done: z.boolean(), records: z.array(sobjectSchema) });

/** `POST …/sobjects/{type}/`: 201. */
export const createAnswerSchema = z.object({ id: z.string().min(1), success: z.boolean(), errors: z.array(z.unknown()).optional() });

/** `PATCH`: 204, no body. */
export const noContentSchema = z.unknown();

export const describeSchema = z.object({
  name: z.string(),
  fields: z.array(z.object({ name: z.string(), label: z.string().optional(), type: z.string().optional(), custom: z.boolean().optional(), updateable: z.boolean().optional() })),
});

/** The identity URL (`id` in the token answer). */
export const identitySchema = z.object({ user_id: z.string().optional(), organization_id: z.string().optional(), username: z.string().optional(), display_name: z.string().optional() });
