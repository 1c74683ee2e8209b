import { t } from '@/lib/platform/i18n';
import { type Preferences } from '@/lib/settings/preferences';
import { preferencesInputSchema, suppressionLineSchema } from '@/lib/settings/preferences-input';

/**
 * The settings form edits text and checkboxes; this module turns what was typed into
 * Preferences through the same zod schema the background applies, and says which field is
 * wrong and why. Nothing invalid ever leaves the form.
 */
export const PREFERENCE_FIELDS = {
  'lookups.fullFlags.companyPremium': 'flag',
  'lookups.fullFlags.companyFull': 'flag',
  'lookups.fullFlags.personFull': 'flag',
  'lookups.fullFlags.phoneFull': 'flag',
  'lookups.fullFlags.whatsappCheck': 'flag',
  'lookups.findEmailStep': 'choice',
  'lookups.findEmailCountry': 'text',
  'lookups.minimumMatch': 'count',
  'lookups.defaultPhoneRegion': 'region',
  'freshness.phoneDays': 'count',
  'freshness.otherDays': 'count',
  'valueAge.email.ageingDays': 'count',
  'valueAge.email.staleDays': 'count',
  'valueAge.phone.ageingDays': 'count',
  'valueAge.phone.staleDays': 'count',
  'valueAge.role.ageingDays': 'count',
  'valueAge.role.staleDays': 'count',
  'valueAge.company.ageingDays': 'count',
  'valueAge.company.staleDays': 'count',
  'spending.confirmAbove': 'optionalCount',
  'spending.dailyCap': 'optionalCount',
  'spending.lowBalanceThreshold': 'count',
  'privacy.euMode': 'flag',
  'privacy.suppression': 'lines',
  'privacy.historyRetentionDays': 'count',
  'networkSafety.enabled': 'flag',
  'networkSafety.dailyProfiles': 'count',
  'networkSafety.weeklyProfiles': 'count',
  'notice.legalName': 'text',
  'notice.postalAddress': 'text',
  'notice.privacyEmail': 'text',
  'notice.dpo': 'text',
  'notice.representative': 'text',
  'notice.purpose': 'text',
  'notice.transfers': 'text',
} as const;

export type FieldPath = keyof typeof PREFERENCE_FIELDS;
export type FieldKind = (typeof PREFERENCE_FIELDS)[FieldPath];
export type Draft = { [P in FieldPath]: (typeof PREFERENCE_FIELDS)[P] extends 'flag' ? boolean : string };
export type FieldErrors = Partial<Record<FieldPath, string>>;
export type DraftResult = { ok: true; value: Preferences } | { ok: false; errors: FieldErrors };

const FIELD_PATHS = Object.keys(PREFERENCE_FIELDS) as FieldPath[];

function getAt(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], source);
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] = { ...(node[key] as Record<string, unknown>) };
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}

export function draftFrom(prefs: Preferences): Draft {
  const draft = {} as Record<FieldPath, string | boolean>;
  for (const path of FIELD_PATHS) {
    const value = getAt(prefs, path);
    const kind = PREFERENCE_FIELDS[path];
    draft[path] = kind === 'flag' ? Boolean(value) : kind === 'lines' ? (value as string[]).join('\n') : value === null ? '' : String(value);
  }
  return draft as Draft;
}

/** One entry per line; blank lines and repeats are dropped, not reported. */
export function parseSuppressionLines(text: string): { lines: string[]; error?: string } {
  const lines = [...new Set(text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean))];
  const problems = lines.flatMap((line, index) => {
    const parsed = suppressionLineSchema.safeParse(line);
    return parsed.success ? [] : [t('validation.suppressionLineAt', { line: index + 1, text: line.length > 60 ? `${line.slice(0, 60)}…` : line })];
  });
  return problems.length ? { lines, error: problems.join(' ') } : { lines };
}

type Converted = { ok: true; value: unknown } | { ok: false; error: string };

function convert(kind: FieldKind, raw: string | boolean): Converted {
  if (typeof raw === 'boolean') return { ok: true, value: raw };
  const text = raw.trim();
  switch (kind) {
    case 'count':
    case 'choice':
      return /^\d+$/.test(text) ? { ok: true, value: Number(text) } : { ok: false, error: t('validation.wholeNumber') };
    case 'optionalCount':
      if (!text) return { ok: true, value: null };
      return /^\d+$/.test(text) ? { ok: true, value: Number(text) } : { ok: false, error: t('validation.wholeNumberOrEmpty') };
    case 'region':
      return { ok: true, value: text ? text.toUpperCase() : null };
    case 'lines': {
      const parsed = parseSuppressionLines(raw);
      return parsed.error ? { ok: false, error: parsed.error } : { ok: true, value: parsed.lines };
    }
    default:
      return { ok: true, value: text };
  }
}

/**
 * `base` holds what the form does not show (network timeout, history size, the all-sites
 * switch, which has its own control), so a save never resets them.
 */
export function parseDraft(draft: Draft, base: Preferences): DraftResult {
  const errors: FieldErrors = {};
  const candidate = structuredClone(base) as unknown as Record<string, unknown>;
  for (const path of FIELD_PATHS) {
    const converted = convert(PREFERENCE_FIELDS[path], draft[path]);
    if (converted.ok) setAt(candidate, path, converted.value);
    else errors[path] = converted.error;
  }
  const parsed = preferencesInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((key) => typeof key === 'string').join('.') as FieldPath;
      if (path in PREFERENCE_FIELDS && !errors[path]) errors[path] = issue.message;
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}
