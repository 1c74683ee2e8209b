import { z } from 'zod';
// Types only, from HubSpot's own client: they check at compile time that what Dossier sends
// and accepts has the documented shape. Never imported at run time (nothing is bundled).
import type {
  BatchInputSimplePublicObjectBatchInputUpsert,
  BatchResponseSimplePublicUpsertObjectWithErrors,
  CollectionResponseWithTotalSimplePublicObjectForwardPaging,
  ModelError,
  PublicObjectSearchRequest,
  SimplePublicObject,
  SimplePublicObjectInput,
  SimplePublicObjectInputForCreate,
} from '@hubspot/api-client/lib/codegen/crm/contacts';
import type { SimplePublicObjectInputForCreate as NoteInputForCreate } from '@hubspot/api-client/lib/codegen/crm/objects/notes';
import type { BatchResponsePublicDefaultAssociation } from '@hubspot/api-client/lib/codegen/crm/associations/v4';
import type { Property, PropertyCreate } from '@hubspot/api-client/lib/codegen/crm/properties';

/**
 * The client's models as they travel in JSON: dates are strings, enums are their string
 * values, and the generator's `_new`/`_from` are the wire's `new`/`from`.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends string
    ? `${T}`
    : T extends number | boolean | null | undefined
      ? T
      : T extends ReadonlyArray<infer U>
        ? Wire<U>[]
        : T extends object
          ? { [K in keyof T as K extends '_new' ? 'new' : K extends '_from' ? 'from' : K]: Wire<T[K]> }
          : T;

/** Compile-time proof that every answer of the vendor's documented shape passes our schema. */
type Accepts<Schema extends z.ZodType, Vendor> = [Vendor] extends [z.input<Schema>] ? true : false;
type Assert<T extends true> = T;

export type SearchRequest = Wire<PublicObjectSearchRequest>;
export type CreateInput = Wire<SimplePublicObjectInputForCreate>;
export type UpdateInput = Wire<SimplePublicObjectInput>;
export type UpsertInput = Wire<BatchInputSimplePublicObjectBatchInputUpsert>;
export type NoteInput = Wire<NoteInputForCreate>;
export type PropertyInput = Wire<PropertyCreate>;

const properties = z.record(z.string(), z.string().nullable());

export const objectSchema = z.object({ id: z.string(), properties, archived: z.boolean().optional() });
export type HubspotObject = z.infer<typeof objectSchema>;

export const searchResponseSchema = z.object({ total: z.number(), results: z.array(objectSchema) });

export const upsertResponseSchema = z.object({
  status: z.string(),
  results: z.array(objectSchema.extend({ new: z.boolean().optional() })),
  numErrors: z.number().optional(),
  errors: z
    .array(z.object({ status: z.string(), category: z.string(), message: z.string(), context: z.record(z.string(), z.array(z.string())).optional() }))
    .optional(),
});

export const associationResponseSchema = z.object({
  status: z.string(),
  results: z.array(z.object({ from: z.object({ id: z.string() }), to: z.object({ id: z.string() }) })),
});

export const propertySchema = z.object({ name: z.string(), type: z.string(), hasUniqueValue: z.boolean().optional() });

export const accountSchema = z.object({ portalId: z.number(), uiDomain: z.string().optional() });

/** `{status: 'error', message, category, correlationId}`: HubSpot's error body on every API. */
export const errorSchema = z.object({
  status: z.string().optional(),
  message: z.string(),
  category: z.string().optional(),
  correlationId: z.string().optional(),
});

export type _Checks = [
  Assert<Accepts<typeof objectSchema, Wire<SimplePublicObject>>>,
  Assert<Accepts<typeof searchResponseSchema, Wire<CollectionResponseWithTotalSimplePublicObjectForwardPaging>>>,
  Assert<Accepts<typeof upsertResponseSchema, Wire<BatchResponseSimplePublicUpsertObjectWithErrors>>>,
  Assert<Accepts<typeof associationResponseSchema, Wire<BatchResponsePublicDefaultAssociation>>>,
  Assert<Accepts<typeof propertySchema, Wire<Property>>>,
  Assert<Accepts<typeof errorSchema, Wire<ModelError>>>,
];

export function hubspotMessage(body: unknown): string | null {
  const parsed = errorSchema.safeParse(body);
  return parsed.success ? parsed.data.message : null;
}

const scopesContext = z.object({ requiredGranularScopes: z.array(z.string()).optional(), requiredScopes: z.array(z.string()).optional(), missingScopes: z.array(z.string()).optional() }).partial();
const missingScopesSchema = z.object({
  category: z.string(),
  context: scopesContext.optional(),
  errors: z.array(z.object({ context: scopesContext.optional() })).optional(),
});

/**
 * 403 `category: MISSING_SCOPES`: the token lacks a scope the call needs. HubSpot names the
 * scopes in `errors[].context.requiredGranularScopes` ("One or more of the following scopes are
 * required"; older answers say `requiredScopes`, some `missingScopes`). Null for any other body.
 */
export function missingScopesOf(body: unknown): string[] | null {
  const parsed = missingScopesSchema.safeParse(body);
  if (!parsed.success || parsed.data.category !== 'MISSING_SCOPES') return null;
  const named = [parsed.data.context, ...(parsed.data.errors ?? []).map((e) => e.context)].flatMap((c) => [...(c?.requiredGranularScopes ?? []), ...(c?.requiredScopes ?? []), ...(c?.missingScopes ?? [])]);
  return [...new Set(named)];
}

/** `Contact already exists. Existing ID: 12345` is how a 409 names the record that has the email. */
export function existingIdOf(message: string): string | null {
  return /Existing ID:\s*(\d+)/i.exec(message)?.[1] ?? null;
}

/** GET /crm/v3/properties/contacts: HubSpot's own properties say `hubspotDefined`; a read-only one cannot be written. */
export const propertiesListSchema = z.object({
  results: z.array(
    z.object({
      name: z.string(),
      label: z.string().optional(),
      hubspotDefined: z.boolean().optional(),
      calculated: z.boolean().optional(),
      modificationMetadata: z.object({ readOnlyValue: z.boolean().optional() }).partial().optional(),
    }),
  ),
});

/** GET /crm/v3/owners: the account's users who can own records. */
export const ownersSchema = z.object({
  results: z.array(z.object({ id: z.string(), email: z.string().optional(), firstName: z.string().optional(), lastName: z.string().optional(), archived: z.boolean().optional() })),
});

/** POST /crm/v3/lists/search: the account's lists; members can be added by API to manual and snapshot ones only. */
export const listsSearchSchema = z.object({
  lists: z.array(z.object({ listId: z.coerce.string(), name: z.string(), objectTypeId: z.string(), processingType: z.string() })),
  hasMore: z.boolean().optional(),
  offset: z.number().optional(),
});

/** PUT /crm/v3/lists/{listId}/memberships/add: adding a member twice changes nothing. */
export const membershipsAddSchema = z.object({ recordIdsAdded: z.array(z.coerce.string()).optional() }).passthrough();
