import { z } from 'zod';

/**
 * Close's REST API v1 shapes (https://developer.close.com/), as far as Dossier reads them.
 * Close publishes no typed client to check against, so these follow its reference pages: a lead
 * is a company with its contacts embedded; a contact's emails, phones and URLs are lists with a
 * `type` and no primary flag (the first entry is the one Close shows).
 */

const email = z.object({ email: z.string(), type: z.string().nullable().optional() });
const phone = z.object({ phone: z.string(), phone_formatted: z.string().nullable().optional(), type: z.string().nullable().optional() });
const url = z.object({ url: z.string(), type: z.string().nullable().optional() });

export type CloseEmail = z.infer<typeof email>;
export type ClosePhone = z.infer<typeof phone>;
export type CloseUrl = z.infer<typeof url>;

/** Custom field values come as top-level `custom.cf_…` keys: kept, whatever their name. */
export const contactSchema = z
  .object({
    id: z.string(),
    lead_id: z.string(),
    name: z.string().nullable().optional(),
    title: z.string().nullable().optional(),
    emails: z.array(email).optional(),
    phones: z.array(phone).optional(),
    urls: z.array(url).optional(),
  })
  .catchall(z.unknown());
export type CloseContact = z.infer<typeof contactSchema>;

export const leadSchema = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  contacts: z.array(contactSchema).optional(),
});
export type CloseLead = z.infer<typeof leadSchema>;

/** `POST /data/search/`: `{data: [{__object_type, id, …the _fields asked for}], cursor}`. */
export const contactSearchSchema = z.object({ data: z.array(contactSchema.extend({ __object_type: z.literal('contact') })), cursor: z.string().nullable().optional() });
export const leadSearchSchema = z.object({ data: z.array(leadSchema.extend({ __object_type: z.literal('lead') })), cursor: z.string().nullable().optional() });

export const noteSchema = z.object({ id: z.string(), lead_id: z.string().optional() });

/** `GET /activity/note/`: a page of notes (`_skip`/`_limit`), `has_more` when more follow. */
export const notesListSchema = z.object({
  data: z.array(z.object({ id: z.string(), note: z.string().nullable().optional(), date_created: z.string().optional() })),
  has_more: z.boolean().optional(),
});

export const meSchema = z.object({
  id: z.string().optional(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  organizations: z.array(z.object({ id: z.string(), name: z.string().nullable().optional() })).optional(),
  memberships: z.array(z.object({ organization_id: z.string().optional(), role_id: z.string().nullable().optional() })).optional(),
});

/** `GET /custom_field/contact/` and `/custom_field/lead/`: `editable_with_roles` empty means anyone may edit. */
export const customFieldsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable().optional(),
      type: z.string(),
      accepts_multiple_values: z.boolean().optional(),
      editable_with_roles: z.array(z.string()).nullable().optional(),
    }),
  ),
  has_more: z.boolean().optional(),
});
export type CloseCustomField = z.infer<typeof customFieldsSchema>['data'][number];

/** `GET /user/`: the organization's members. */
export const usersSchema = z.object({
  data: z.array(z.object({ id: z.string(), first_name: z.string().nullable().optional(), last_name: z.string().nullable().optional(), email: z.string().nullable().optional() })),
  has_more: z.boolean().optional(),
});

/** A custom field's value is written as a top-level key of the contact or lead. */
export type CustomKey = `custom.${string}`;

/** What Dossier sends. */
export interface ContactWrite {
  lead_id?: string;
  name?: string;
  title?: string;
  emails?: { email: string; type: string }[];
  phones?: { phone: string; type: string }[];
  urls?: { url: string; type: string }[];
  [custom: CustomKey]: string;
}
export interface LeadCreate {
  name: string;
  url?: string;
  [custom: CustomKey]: string;
}
export interface NoteCreate {
  lead_id: string;
  contact_id: string;
  note: string;
}

/** Advanced Filtering queries (`POST /data/search/`). */
type TextCondition = { type: 'text'; mode: 'phrase' | 'full_words'; value: string };
export type SearchQuery =
  | { type: 'and' | 'or'; queries: SearchQuery[] }
  | { type: 'object_type'; object_type: 'contact' | 'lead' }
  | { type: 'field_condition'; field: { type: 'regular_field'; object_type: string; field_name: string }; condition: TextCondition }
  | { type: 'has_related'; this_object_type: 'contact'; related_object_type: string; related_query: SearchQuery };

export const CONTACT_FIELDS = ['id', 'lead_id', 'name', 'title', 'emails', 'phones', 'urls'] as const;

/** Contacts one of whose `contact_email` / `contact_url` entries holds the value as a phrase. */
export function contactsWithRelated(related: 'contact_email' | 'contact_url', field: 'email' | 'url', value: string): SearchQuery {
  return {
    type: 'and',
    queries: [
      { type: 'object_type', object_type: 'contact' },
      {
        type: 'has_related',
        this_object_type: 'contact',
        related_object_type: related,
        related_query: { type: 'field_condition', field: { type: 'regular_field', object_type: related, field_name: field }, condition: { type: 'text', mode: 'phrase', value } },
      },
    ],
  };
}

export function leadsWhere(field: 'name' | 'url', value: string): SearchQuery {
  return {
    type: 'and',
    queries: [
      { type: 'object_type', object_type: 'lead' },
      { type: 'field_condition', field: { type: 'regular_field', object_type: 'lead', field_name: field }, condition: { type: 'text', mode: 'phrase', value } },
    ],
  };
}

/**
 * Close's error bodies: `{error: "…", "field-errors": {field: "…"}}` (a 400 often leaves `error`
 * empty and says it in `field-errors`), and `{error: {message, rate_reset}}` on a 429.
 */
const errorSchema = z.object({
  error: z.union([z.string(), z.object({ message: z.string().optional() })]).optional(),
  'field-errors': z.record(z.string(), z.unknown()).optional(),
});

export function closeMessage(body: unknown): string | null {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return null;
  const { error } = parsed.data;
  const own = typeof error === 'string' ? error : error?.message;
  const fields = Object.entries(parsed.data['field-errors'] ?? {}).map(([field, problem]) => `${field}: ${typeof problem === 'string' ? problem : JSON.stringify(problem)}`);
  const text = [own, ...fields].filter(Boolean).join('; ');
  return text || null;
}
