import { z } from 'zod';
// Types only, from Pipedrive's own client, to check request and response shapes at compile
// time. Never imported at run time (nothing is bundled).
import type {
  AddOrganizationRequest,
  AddPersonRequest,
  GetOrganizationSearchResponse,
  GetPersonSearchResponse,
  UpdatePersonRequest,
  UpsertOrganizationResponse,
  UpsertPersonResponse,
} from 'pipedrive/v2';
import type { AddNoteRequest, CreateFieldRequest, GetCurrentUserResponse, GetFieldsResponse, GetNotesResponse, GetUsersResponse, UpsertNoteResponse } from 'pipedrive/v1';

type Accepts<Schema extends z.ZodType, Vendor> = [Vendor] extends [z.input<Schema>] ? true : false;
type Assert<T extends true> = T;

export type PersonCreate = AddPersonRequest;
export type PersonUpdate = UpdatePersonRequest;
export type OrganizationCreate = AddOrganizationRequest;
export type NoteCreate = AddNoteRequest;
export type FieldCreate = CreateFieldRequest;

const item = z.object({ value: z.string().optional(), primary: z.boolean().optional(), label: z.string().optional() });
export type ContactItem = z.infer<typeof item>;

export const personSchema = z.object({
  id: z.number().optional(),
  name: z.string().optional(),
  org_id: z.number().nullable().optional(),
  job_title: z.string().nullable().optional(),
  owner_id: z.number().nullable().optional(),
  label_ids: z.array(z.number()).nullable().optional(),
  emails: z.array(item).optional(),
  phones: z.array(item).optional(),
  custom_fields: z.record(z.string(), z.any()).nullable().optional(),
});
export type PipedrivePerson = z.infer<typeof personSchema>;

export const personResponseSchema = z.object({ success: z.boolean().optional(), data: personSchema.optional() });

export const personSearchSchema = z.object({
  success: z.boolean().optional(),
  data: z
    .object({
      items: z
        .array(
          z.object({
            result_score: z.number().optional(),
            item: z
              .object({
                id: z.number().optional(),
                name: z.string().optional(),
                emails: z.array(z.string()).optional(),
                organization: z.object({ id: z.number().optional(), name: z.string().optional() }).nullable().optional(),
              })
              .optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});

export const organizationSearchSchema = z.object({
  success: z.boolean().optional(),
  data: z.object({ items: z.array(z.object({ item: z.object({ id: z.number().optional(), name: z.string().optional() }).optional() })).optional() }).optional(),
});

export const organizationResponseSchema = z.object({ success: z.boolean().optional(), data: z.object({ id: z.number().optional(), name: z.string().optional() }).optional() });

export const noteResponseSchema = z.object({ success: z.boolean().optional(), data: z.object({ id: z.number().optional() }).optional() });

/**
 * `GET /api/v1/notes`: a page of notes (`data` is null on an empty page, as v1 lists answer),
 * `add_time` in UTC as `YYYY-MM-DD HH:MM:SS`, paged by `start`/`limit`.
 */
export const notesListSchema = z.object({
  success: z.boolean().optional(),
  data: z.array(z.object({ id: z.number().optional(), content: z.string().optional(), person_id: z.number().nullable().optional(), add_time: z.string().optional() })).nullable().optional(),
  additional_data: z
    .object({ pagination: z.object({ start: z.number().optional(), limit: z.number().optional(), more_items_in_collection: z.boolean().optional(), next_start: z.number().optional() }).optional() })
    .optional(),
});

/** A person field. `edit_flag`: a custom field (its definition can be edited); `bulk_edit_allowed` false: read-only. */
export const fieldsResponseSchema = z.object({
  success: z.boolean().optional(),
  data: z
    .array(
      z.object({
        key: z.string().optional(),
        name: z.string().optional(),
        field_type: z.string().optional(),
        edit_flag: z.boolean().optional(),
        bulk_edit_allowed: z.boolean().optional(),
        active_flag: z.boolean().optional(),
        // The label field's choices: `{id, label, color}`.
        options: z.array(z.unknown()).nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
});
export type PipedriveField = NonNullable<z.infer<typeof fieldsResponseSchema>['data']>[number];

export const fieldOptionSchema = z.object({ id: z.union([z.number(), z.string()]), label: z.string() });

export const usersSchema = z.object({
  success: z.boolean().optional(),
  data: z.array(z.object({ id: z.number().optional(), name: z.string().optional(), email: z.string().optional(), active_flag: z.boolean().optional(), is_deleted: z.boolean().optional() })).nullable().optional(),
});

export const fieldResponseSchema = z.object({ success: z.boolean().optional(), data: z.object({ key: z.string().optional(), name: z.string().optional() }).optional() });

export const currentUserSchema = z.object({
  success: z.boolean().optional(),
  data: z.object({ id: z.number().optional(), name: z.string().optional(), company_name: z.string().optional(), company_domain: z.string().optional() }).optional(),
});

/** `{success: false, error, errorCode, error_info}`: Pipedrive's error body. */
export const errorSchema = z.object({ success: z.literal(false).optional(), error: z.string(), error_info: z.string().optional() });

export type _Checks = [
  Assert<Accepts<typeof personResponseSchema, UpsertPersonResponse>>,
  Assert<Accepts<typeof personSearchSchema, GetPersonSearchResponse>>,
  Assert<Accepts<typeof organizationSearchSchema, GetOrganizationSearchResponse>>,
  Assert<Accepts<typeof organizationResponseSchema, UpsertOrganizationResponse>>,
  Assert<Accepts<typeof noteResponseSchema, UpsertNoteResponse>>,
  Assert<Accepts<typeof notesListSchema, GetNotesResponse>>,
  Assert<Accepts<typeof fieldsResponseSchema, GetFieldsResponse>>,
  Assert<Accepts<typeof currentUserSchema, GetCurrentUserResponse>>,
  Assert<Accepts<typeof usersSchema, GetUsersResponse>>,
];

export function pipedriveMessage(body: unknown): string | null {
  const parsed = errorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}
