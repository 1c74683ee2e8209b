import { z } from 'zod';

/**
 * The shapes of Zoho's answers Dossier reads (Zoho CRM REST API v6 and Zoho Accounts' OAuth
 * endpoints), as documented and as Zoho's own SDKs read them; anything else in them is ignored.
 */
export const ZOHO_API_VERSION = 'v6';

/** `POST /oauth/v2/token`: the refresh grant answers without a new refresh token. */
export const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  api_domain: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  scope: z.string().optional(),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** Zoho Accounts refuses a grant with HTTP 200 and `{"error": "invalid_code"}` (its SDKs check for `access_token`). */
export const tokenRefusalSchema = z.object({ error: z.string(), error_description: z.string().optional() });
export const tokenReplySchema = z.union([tokenAnswerSchema, tokenRefusalSchema]);

export function oauthMessage(body: unknown): string | null {
  const parsed = tokenRefusalSchema.safeParse(body);
  return parsed.success ? (parsed.data.error_description ?? parsed.data.error) : zohoMessage(body);
}

/** The API's error: `{code, details, message, status: "error"}`, alone or per record in `data`. */
const errorSchema = z.object({ code: z.string(), details: z.record(z.string(), z.unknown()).optional(), message: z.string(), status: z.string().optional() });
const recordErrorsSchema = z.object({ data: z.array(errorSchema).min(1) });

function firstError(body: unknown): z.infer<typeof errorSchema> | null {
  const top = errorSchema.safeParse(body);
  if (top.success) return top.data;
  const inData = recordErrorsSchema.safeParse(body);
  return inData.success ? inData.data.data.find((e) => e.status !== 'success') ?? null : null;
}

export function zohoMessage(body: unknown): string | null {
  const error = firstError(body);
  if (!error) return null;
  // `details.api_name` says which field a refusal is about (MANDATORY_NOT_FOUND, INVALID_DATA).
  const field = typeof error.details?.api_name === 'string' ? ` (${error.details.api_name})` : '';
  return `${error.message}${field}`;
}

const duplicateSchema = z.object({ duplicate_record: z.object({ id: z.string() }).passthrough() });

/** The error code and, for DUPLICATE_DATA, the record that already holds the value. */
export function zohoDetails(body: unknown): { code?: string; recordIds?: string[] } | null {
  const error = firstError(body);
  if (!error) return null;
  const duplicate = duplicateSchema.safeParse(error.details);
  return { code: error.code, ...(duplicate.success ? { recordIds: [duplicate.data.duplicate_record.id] } : {}) };
}

export const recordSchema = z.object({ id: z.string().min(1) }).catchall(z.unknown());
export type ZohoRecord = z.infer<typeof recordSchema>;

/** Records, or nothing: a search or read that finds none answers 204 without a body. */
export const recordsAnswerSchema = z.union([z.undefined(), z.object({ data: z.array(recordSchema) }).passthrough()]);

/** Insert, update, upsert, notes, tags: one outcome per record sent. */
export const actionAnswerSchema = z.object({
  data: z
    .array(
      z.object({
        code: z.string(),
        status: z.string(),
        message: z.string().optional(),
        /** Upsert: whether the record was made or an existing one (found by `duplicate_field`) updated. */
        action: z.enum(['insert', 'update']).optional(),
        duplicate_field: z.string().nullable().optional(),
        details: z.object({ id: z.string().optional() }).passthrough().optional(),
      }),
    )
    .min(1),
});
export type ActionOutcome = z.infer<typeof actionAnswerSchema>['data'][number];

/** `GET /settings/fields?module=`. `unique` is present (an object) when "Do not allow duplicate values" is on. */
export const fieldsAnswerSchema = z.object({
  fields: z.array(
    z
      .object({
        api_name: z.string(),
        field_label: z.string().optional(),
        display_label: z.string().optional(),
        data_type: z.string().optional(),
        custom_field: z.boolean().optional(),
        read_only: z.boolean().optional(),
        field_read_only: z.boolean().optional(),
        unique: z.unknown().optional(),
        system_mandatory: z.boolean().nullable().optional(),
      })
      .passthrough(),
  ),
});
export type ZohoField = z.infer<typeof fieldsAnswerSchema>['fields'][number];

export const usersAnswerSchema = z.union([
  z.undefined(),
  z
    .object({
      users: z.array(
        z.object({ id: z.string(), full_name: z.string().optional(), email: z.string().optional(), status: z.string().optional(), profile: z.object({ id: z.string() }).passthrough().optional() }).passthrough(),
      ),
    })
    .passthrough(),
]);

/**
 * `GET /settings/layouts?module=`: each layout, the profiles it is the default one of, and its
 * sections' fields; `required` is the layout's own mandatory mark, `system_mandatory` Zoho's
 * (Last_Name). 204 when the module has none.
 */
const layoutFieldSchema = z
  .object({
    api_name: z.string(),
    field_label: z.string().optional(),
    display_label: z.string().optional(),
    data_type: z.string().optional(),
    required: z.boolean().nullable().optional(),
    system_mandatory: z.boolean().nullable().optional(),
  })
  .passthrough();
export const layoutsAnswerSchema = z.union([
  z.undefined(),
  z
    .object({
      layouts: z.array(
        z
          .object({
            id: z.string(),
            name: z.string().optional(),
            // "active" (v4 on) or a number (0 active, -1 deleted) in older answers.
            status: z.union([z.string(), z.number()]).nullable().optional(),
            visible: z.boolean().nullable().optional(),
            profiles: z.array(z.object({ id: z.string(), default: z.boolean().nullable().optional() }).passthrough()).nullable().optional(),
            sections: z.array(z.object({ api_name: z.string().optional(), fields: z.array(layoutFieldSchema).nullable().optional() }).passthrough()).nullable().optional(),
          })
          .passthrough(),
      ),
    })
    .passthrough(),
]);
export type ZohoLayout = NonNullable<z.infer<typeof layoutsAnswerSchema>>['layouts'][number];

export const orgAnswerSchema = z.object({ org: z.array(z.object({ id: z.string().optional(), company_name: z.string().optional(), domain_name: z.string().optional() }).passthrough()) });

export const tagsAnswerSchema = z.union([z.undefined(), z.object({ tags: z.array(z.object({ id: z.string(), name: z.string() }).passthrough()) }).passthrough()]);

export const notesAnswerSchema = z.union([
  z.undefined(),
  z.object({ data: z.array(z.object({ id: z.string(), Note_Title: z.string().nullable().optional(), Note_Content: z.string().nullable().optional() }).passthrough()) }).passthrough(),
]);
