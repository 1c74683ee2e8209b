import { z } from 'zod';
import { CRM_FIELDS, type CrmField, type CrmTarget } from '@/lib/crm/types';

/**
 * Where Dossier's fields go in a CRM: the user's choice of property for each field (a custom one
 * included), on top of the adapter's defaults; null leaves the field out of every push. Fields a
 * CRM matches and upserts by (the email, the profile URL key) keep their property: moving them
 * would make a retried push create a second record.
 */
export type FieldMapping = Partial<Record<CrmField, string | null>>;

/** The CRMs whose adapters read their schema and write by a mapping (CrmAdapter.schema). */
export const MAPPABLE_TARGETS: ReadonlySet<CrmTarget> = new Set<CrmTarget>(['hubspot', 'salesforce', 'pipedrive', 'attio', 'close', 'zoho']);

export const fieldMappingSchema = z.partialRecord(z.enum(CRM_FIELDS), z.string().trim().min(1).max(200).nullable());

/** A property of the CRM's person records that a push may write. */
export interface CrmProperty {
  name: string;
  label: string;
  custom: boolean;
  /** Holds a list of values (a person's phone numbers): several fields may go into it. */
  list?: boolean;
}

/** A CRM user who can own the records Dossier creates. */
export interface CrmOwner {
  id: string;
  name: string;
}

/** A static list (HubSpot), label (Pipedrive), list (Attio), campaign (Salesforce) or tag (Zoho) a pushed record can be put in. */
export interface CrmList {
  id: string;
  name: string;
}

/**
 * A field the CRM will not create a record without (a Zoho layout's mandatory Company). Dossier
 * fills it from the contact where it can (`from`); otherwise from the value the user typed for
 * it on the mapping screen, kept with the mapping.
 */
export interface CrmRequiredField {
  name: string;
  label: string;
  from?: CrmField;
}

/** Values the user typed for required fields Dossier may have nothing for, by property name. */
export const fieldDefaultsSchema = z.record(z.string().trim().min(1).max(200), z.string().trim().min(1).max(255));
export type FieldDefaults = z.infer<typeof fieldDefaultsSchema>;

/** What the mapping screen offers for one CRM, read from the CRM's own schema endpoints. */
export interface CrmSchema {
  /** The fields the user may move, with where they go by default. */
  defaults: Partial<Record<CrmField, string>>;
  properties: CrmProperty[];
  owners: CrmOwner[];
  /** Absent: this CRM has nothing of the kind (the screen offers no choice). */
  lists?: CrmList[];
  /** Fields a new record must have, Dossier's own name and key aside (absent: the CRM asks for none). */
  required?: CrmRequiredField[];
}

/** The property each field is written to: the defaults, moved or left out as the user chose. */
export function propertiesOf(defaults: Partial<Record<CrmField, string>>, mapping: FieldMapping | undefined, fixed: readonly CrmField[] = []): Partial<Record<CrmField, string>> {
  const out: Partial<Record<CrmField, string>> = { ...defaults };
  for (const [field, property] of Object.entries(mapping ?? {}) as [CrmField, string | null][]) {
    if (fixed.includes(field) || !(field in defaults)) continue;
    if (property === null) delete out[field];
    else out[field] = property;
  }
  return out;
}

/** A mapping the CRM can take: every property exists and is writable, and no two fields share one. */
export function checkMapping(mapping: FieldMapping, schema: CrmSchema): { ok: true } | { ok: false; field: CrmField; problem: 'unknown' | 'shared' } {
  const known = new Set(schema.properties.map((p) => p.name));
  const lists = new Set(schema.properties.filter((p) => p.list).map((p) => p.name));
  const used = new Map<string, CrmField>();
  for (const [field, property] of Object.entries(propertiesOf(schema.defaults, mapping)) as [CrmField, string][]) {
    if (mapping[field] !== undefined && !known.has(property)) return { ok: false, field, problem: 'unknown' };
    if (used.has(property) && !lists.has(property)) return { ok: false, field, problem: 'shared' };
    used.set(property, field);
  }
  return { ok: true };
}

/** What the user chose on the mapping screen, kept on the connection. */
export interface MappingChoices {
  fieldMap?: FieldMapping;
  ownerId?: string;
  listId?: string;
  fieldDefaults?: FieldDefaults;
}

/**
 * The choices that still fit the CRM as it is now (after a reconnect, maybe to another account,
 * or a switch between Leads and Contacts): a mapping, owner or list the CRM no longer has is
 * dropped rather than left to fail every push.
 */
export function fittingChoices(choices: MappingChoices, schema: CrmSchema): { kept: MappingChoices; dropped: boolean } {
  const kept: MappingChoices = {};
  if (choices.fieldMap && checkMapping(choices.fieldMap, schema).ok) kept.fieldMap = choices.fieldMap;
  if (choices.ownerId && schema.owners.some((owner) => owner.id === choices.ownerId)) kept.ownerId = choices.ownerId;
  if (choices.listId && schema.lists?.some((list) => list.id === choices.listId)) kept.listId = choices.listId;
  // Values for fields this CRM (or the other object, after a switch) does not require go quietly: the
  // screen no longer shows them, and saving the mapping would refuse them.
  const required = new Set((schema.required ?? []).map((field) => field.name));
  const defaults = Object.entries(choices.fieldDefaults ?? {}).filter(([name]) => required.has(name));
  if (defaults.length) kept.fieldDefaults = Object.fromEntries(defaults);
  const had = (Object.keys(choices) as (keyof MappingChoices)[]).filter((key) => choices[key] !== undefined && key !== 'fieldDefaults');
  return { kept, dropped: had.some((key) => kept[key] === undefined) };
}
