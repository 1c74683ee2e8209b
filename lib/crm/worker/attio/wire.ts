import { z } from 'zod';

/**
 * Attio's REST API v2 shapes that Dossier reads, from Attio's published OpenAPI document
 * (https://api.attio.com/openapi/api). Attio ships no TypeScript client Dossier could check
 * these against, so they are written loosely: every field Dossier does not need may be absent,
 * and unknown fields pass. Values are arrays of objects per attribute slug, whatever the
 * attribute's cardinality.
 */

const nameValue = z.object({ first_name: z.string().nullish(), last_name: z.string().nullish(), full_name: z.string().nullish() });
const emailValue = z.object({ email_address: z.string().nullish(), original_email_address: z.string().nullish() });
const phoneValue = z.object({ phone_number: z.string().nullish(), original_phone_number: z.string().nullish(), country_code: z.string().nullish() });
const textValue = z.object({ value: z.string().nullish() });
const domainValue = z.object({ domain: z.string().nullish() });
const referenceValue = z.object({ target_object: z.string().nullish(), target_record_id: z.string().nullish() });

export const recordSchema = z.object({
  id: z.object({ workspace_id: z.string().optional(), object_id: z.string().optional(), record_id: z.string() }),
  created_at: z.string().optional(),
  /** The record in Attio's app; newer answers carry it. */
  web_url: z.string().nullish(),
  values: z
    .object({
      name: z.array(z.union([nameValue, textValue])).optional(),
      email_addresses: z.array(emailValue).optional(),
      phone_numbers: z.array(phoneValue).optional(),
      job_title: z.array(textValue).optional(),
      linkedin: z.array(textValue).optional(),
      company: z.array(referenceValue).optional(),
      domains: z.array(domainValue).optional(),
    })
    .catchall(z.unknown())
    .default({}),
});
export type AttioRecord = z.infer<typeof recordSchema>;

export const recordResponseSchema = z.object({ data: recordSchema });
export const recordListSchema = z.object({ data: z.array(recordSchema) });

export const noteResponseSchema = z.object({ data: z.object({ id: z.object({ note_id: z.string() }).partial().optional() }) });

/** `GET /v2/notes`: a page of notes (no paging fields: a page shorter than the limit is the last). */
export const notesListSchema = z.object({
  data: z.array(z.object({ title: z.string().nullish(), content_plaintext: z.string().nullish(), created_at: z.string().nullish() })),
});

/** `GET /v2/self`: an inactive token answers `{active: false}` only. */
export const selfSchema = z.object({
  active: z.boolean(),
  workspace_id: z.string().optional(),
  workspace_name: z.string().optional(),
  workspace_slug: z.string().optional(),
});

/** `GET /v2/objects/people/attributes`: the object's attributes, system and custom. */
export const attributesSchema = z.object({
  data: z.array(
    z.object({
      api_slug: z.string(),
      title: z.string().nullish(),
      type: z.string(),
      is_system_attribute: z.boolean().optional(),
      is_writable: z.boolean().optional(),
      is_archived: z.boolean().optional(),
      is_multiselect: z.boolean().optional(),
    }),
  ),
});
export type AttioAttribute = z.infer<typeof attributesSchema>['data'][number];

/** `GET /v2/workspace_members`: `access_level` is admin, member or suspended. */
export const membersSchema = z.object({
  data: z.array(
    z.object({
      id: z.object({ workspace_member_id: z.string() }),
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      email_address: z.string().nullish(),
      access_level: z.string().nullish(),
    }),
  ),
});

/** `GET /v2/lists`: `parent_object` is an array of object slugs (legacy lists may have several). */
export const listsSchema = z.object({
  data: z.array(z.object({ id: z.object({ list_id: z.string() }), api_slug: z.string().nullish(), name: z.string().nullish(), parent_object: z.array(z.string()).default([]) })),
});

export const entryResponseSchema = z.object({ data: z.object({ id: z.object({ entry_id: z.string() }).partial().optional() }) });

/** Assert a list entry by its parent record (`PUT /v2/lists/{list}/entries`). */
export interface EntryWrite {
  data: { parent_record_id: string; parent_object: 'people'; entry_values: Record<string, unknown> };
}

/** What Dossier writes: attribute slug → values (Attio accepts an array for any attribute). */
export type WriteValues = Record<string, unknown[]>;
export interface RecordWrite {
  data: { values: WriteValues };
}
export interface NoteCreate {
  data: { parent_object: 'people'; parent_record_id: string; title: string; format: 'plaintext'; content: string };
}
export interface RecordQuery {
  filter: Record<string, unknown>;
  limit: number;
}

/** `{status_code, type, code, message}`: Attio's error body. */
export const errorSchema = z.object({ status_code: z.number().optional(), type: z.string().optional(), code: z.string().optional(), message: z.string() });

export function attioMessage(body: unknown): string | null {
  const parsed = errorSchema.safeParse(body);
  return parsed.success ? parsed.data.message : null;
}

/** Attio's own error code (`code`), kept on the error so a caller can tell one 409 from another. */
export function attioDetails(body: unknown): { code: string } | null {
  const parsed = errorSchema.safeParse(body);
  return parsed.success && parsed.data.code ? { code: parsed.data.code } : null;
}

/**
 * A 409 that says another write to the same record was under way ("please try again"): nothing
 * was written, so the same request may be sent again. Other 409s stay refusals.
 */
export const WRITE_CONFLICT = 'concurrent_write_conflict';
