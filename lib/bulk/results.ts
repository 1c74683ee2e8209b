import Papa from 'papaparse';
import { draftsOf, type EmailDraft, type PhoneDraft } from '@/lib/book/extract';
import type { EmailGrade } from '@/lib/book/model';
import { t } from '@/lib/platform/i18n';
import type { OperationAnswer } from '@/lib/lookup/operation-names';
import { neutraliseRow } from '@/lib/platform/ui/spreadsheet-cell';
import type { BulkRow, BulkRun, BulkTask, EnrichedColumns } from '@/lib/bulk/model';

/**
 * The results file: the list's own columns, then what Dossier found (one set of columns per
 * row, whatever operations ran), then what happened to the row and what it cost. Every input
 * row has its output row, unusable ones with their reason, so the file lines up with the
 * user's own.
 *
 * The enriched columns are stored with each row as its answers settle (BulkRow.columns), in
 * stable values (`verified`, `mobile`, `yes`): the words are chosen when the file is written.
 */

export const ENRICHED_KEYS = [
  'email',
  'emailStatus',
  'otherEmails',
  'phone',
  'phoneType',
  'whatsapp',
  'otherPhones',
  'jobTitle',
  'company',
  'companyDomain',
  'companySize',
  'industry',
  'profileUrl',
] as const;
export type EnrichedKey = (typeof ENRICHED_KEYS)[number];

/** The enriched columns' headers, in the current language. */
export function enrichedHeaders(): string[] {
  return ENRICHED_KEYS.map((key) => t(`bulk.results.${key}`));
}

/** The enriched columns' headers (English; resultsHeader follows the current language). */
export const ENRICHED_HEADERS: readonly string[] = enrichedHeaders();

/** Lists in one cell, as the contact book's export writes them. */
const LIST = '; ';
const split = (cell: string | undefined) => (cell ? cell.split(LIST).filter(Boolean) : []);

const GRADE_RANK: Record<EmailGrade, number> = { verified: 0, catch_all: 1, most_probable: 2, unverified: 3 };
const gradeRank = (grade: string | undefined) => (grade && grade in GRADE_RANK ? GRADE_RANK[grade as EmailGrade] : 4);

export interface ColumnsOptions {
  /** Personal addresses are left out in EU mode, as the card hides them (default: kept). */
  personalEmails?: boolean;
}

function emailColumns(emails: readonly EmailDraft[]): Partial<EnrichedColumns> {
  // Work addresses first, best grade first; the sort is stable, so the gateway's order breaks ties.
  const ordered = [...emails].sort((a, b) => Number(a.kind === 'personal') - Number(b.kind === 'personal') || gradeRank(a.grade) - gradeRank(b.grade));
  const [best, ...others] = ordered;
  if (!best) return {};
  return { email: best.address, emailStatus: best.grade, otherEmails: unique(others.map((e) => e.address), [best.address]).join(LIST) };
}

function phoneColumns(phones: readonly PhoneDraft[]): Partial<EnrichedColumns> {
  const ordered = [...phones].sort((a, b) => Number(b.kind === 'mobile') - Number(a.kind === 'mobile'));
  const [best, ...others] = ordered;
  if (!best) return {};
  return {
    phone: best.e164,
    phoneType: best.kind === 'unknown' ? '' : best.kind,
    whatsapp: best.whatsapp === undefined ? '' : best.whatsapp ? 'yes' : 'no',
    otherPhones: unique(others.map((p) => p.e164), [best.e164]).join(LIST),
  };
}

/** Values once each (emails without regard to case), none of `besides`. */
function unique(values: readonly string[], besides: readonly string[] = []): string[] {
  const seen = new Set(besides.map((v) => v.toLowerCase()));
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

function compact(columns: Partial<EnrichedColumns>): EnrichedColumns {
  return Object.fromEntries(Object.entries(columns).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

/**
 * What one answer fills in. Read through the contact book's reader (lib/book/extract.ts), so
 * that the file and the book agree on grades, phone kinds and which company a person is at.
 */
export function enrichedColumnsOf(answer: OperationAnswer, options: ColumnsOptions = {}): EnrichedColumns {
  const drafts = draftsOf({ ...answer, historyId: null, at: 0, paid: false, requestKeys: [], input: {} });
  const person = drafts.person;
  const company = drafts.company;
  const emails = (person?.emails ?? []).filter((e) => options.personalEmails !== false || e.kind !== 'personal');
  return compact({
    ...emailColumns(emails),
    ...phoneColumns(person?.phones ?? []),
    jobTitle: person?.facts.title,
    company: person?.facts.companyName ?? company?.facts.name,
    companyDomain: company?.facts.domain,
    companySize: company?.facts.size ?? company?.facts.employeeCount,
    industry: company?.facts.industry,
    profileUrl: person?.facts.networkUrl,
  });
}

/**
 * Two answers' columns for one row (several operations ran on it). A single value: the first
 * one found stays, except that a better-graded email or a mobile takes the place of a lesser
 * one; the values that do not stay go to the "other" columns, each once.
 */
export function mergeColumns(a: EnrichedColumns, b: EnrichedColumns): EnrichedColumns {
  const out: EnrichedColumns = { ...b, ...compact(a) };

  const bEmailFirst = Boolean(b.email) && (!a.email || gradeRank(b.emailStatus) < gradeRank(a.emailStatus));
  const [emailFrom, emailOther] = bEmailFirst ? [b, a] : [a, b];
  if (emailFrom.email || emailOther.email) {
    const best = emailFrom.email || emailOther.email!;
    out.email = best;
    out.emailStatus = (emailFrom.email ? emailFrom.emailStatus : emailOther.emailStatus) ?? '';
    out.otherEmails = unique([...split(emailFrom.otherEmails), emailOther.email ?? '', ...split(emailOther.otherEmails)], [best]).join(LIST);
  }

  const bPhoneFirst = Boolean(b.phone) && (!a.phone || (a.phoneType !== 'mobile' && b.phoneType === 'mobile'));
  const [phoneFrom, phoneOther] = bPhoneFirst ? [b, a] : [a, b];
  if (phoneFrom.phone || phoneOther.phone) {
    const best = phoneFrom.phone || phoneOther.phone!;
    const same = phoneOther.phone === best ? phoneOther : null;
    out.phone = best;
    // The same number from the other answer may say what the first left blank.
    out.phoneType = phoneFrom.phoneType || same?.phoneType || '';
    out.whatsapp = phoneFrom.whatsapp || same?.whatsapp || '';
    out.otherPhones = unique([...split(phoneFrom.otherPhones), phoneOther.phone ?? '', ...split(phoneOther.otherPhones)], [best]).join(LIST);
  }
  return compact(out);
}

// ---- what happened to a row ----------------------------------------------------------------

export type RowState = 'done' | 'noMatch' | 'failed' | 'unknown' | 'skipped' | 'pending';

function taskState(task: BulkTask): RowState {
  switch (task.state) {
    case 'done':
      if (task.outcome === 'miss') return 'noMatch';
      if (task.outcome === 'failed') return 'failed';
      if (task.outcome === 'unknown') return 'unknown';
      if (task.outcome === 'refused') return 'skipped';
      return 'done';
    case 'failed':
      return 'failed';
    case 'unknown':
      return 'unknown';
    case 'skipped':
      return 'skipped';
    case 'pending':
    case 'sending':
      return 'pending';
  }
}

/** A row's one word: an answer counts most, then what may still come, then what went wrong. */
const ROW_ORDER: readonly RowState[] = ['done', 'pending', 'unknown', 'failed', 'noMatch', 'skipped'];

const STATE_WORD: Record<RowState, () => string> = {
  done: () => t('bulk.results.state.done'),
  noMatch: () => t('bulk.results.state.noMatch'),
  failed: () => t('bulk.results.state.failed'),
  unknown: () => t('bulk.results.state.unknown'),
  skipped: () => t('bulk.results.state.skipped'),
  pending: () => t('bulk.results.state.pending'),
};

function taskReason(task: BulkTask, state: RowState): string {
  return task.reason ?? (state === 'unknown' ? t('bulk.results.unknownReason') : '');
}

/** The row's state and, for what did not give an answer, why (per operation when several ran). */
export function rowStatus(row: Pick<BulkRow, 'problem' | 'tasks'>): { state: RowState; reason: string; cost: number } {
  const cost = row.tasks.reduce((sum, task) => sum + task.cost, 0);
  if (row.problem) return { state: 'skipped', reason: row.problem, cost };
  if (!row.tasks.length) return { state: 'pending', reason: '', cost };
  const states = row.tasks.map(taskState);
  const state = ROW_ORDER.find((s) => states.includes(s)) ?? 'pending';
  if (row.tasks.length === 1) return { state, reason: states[0] === 'done' ? '' : taskReason(row.tasks[0]!, states[0]!), cost };
  const notes = row.tasks.flatMap((task, i) => {
    const taskWord = states[i]!;
    if (taskWord === 'done') return [];
    const reason = taskReason(task, taskWord);
    const params = { op: t(`ops.${task.op}`), state: STATE_WORD[taskWord]() };
    return [reason ? t('bulk.results.opNoteWithReason', { ...params, reason }) : t('bulk.results.opNote', params)];
  });
  return { state, reason: notes.join(LIST), cost };
}

// ---- the file --------------------------------------------------------------------------------

/** The stable values of the enriched columns, in words. */
function cellOf(key: EnrichedKey, value: string | undefined): string {
  if (!value) return '';
  if (key === 'emailStatus' && value in GRADE_RANK) return t(`bulk.results.grade.${value as EmailGrade}`);
  if (key === 'phoneType' && (value === 'mobile' || value === 'landline' || value === 'work')) return t(`bulk.results.phoneKind.${value}`);
  if (key === 'whatsapp' && (value === 'yes' || value === 'no')) return t(`bulk.results.${value}`);
  return value;
}

/**
 * What was found for a row, shown beside it on the page: the best email with its grade and the
 * best phone with its kind ("Email: maya@northwind.example (verified)"); empty when nothing was.
 */
export function foundText(columns: EnrichedColumns): string[] {
  const withNote = (value: string, note: string) => (note ? `${value} (${note})` : value);
  const found: string[] = [];
  if (columns.email) found.push(t('bulk.ui.rows.foundEmail', { email: withNote(columns.email, cellOf('emailStatus', columns.emailStatus)) }));
  if (columns.phone) found.push(t('bulk.ui.rows.foundPhone', { phone: withNote(columns.phone, cellOf('phoneType', columns.phoneType)) }));
  return found;
}

export function resultsHeader(run: Pick<BulkRun, 'headers'>): string[] {
  return [...run.headers, ...enrichedHeaders(), t('bulk.results.status'), t('bulk.results.reason'), t('bulk.results.cost')];
}

/** One row of the file: the row's own cells (as many as the header), the enriched columns, its state, why, and its cost in credits. */
export function resultsRow(run: Pick<BulkRun, 'headers'>, row: BulkRow): string[] {
  const own = Array.from({ length: run.headers.length }, (_, i) => row.cells[i] ?? '');
  const status = rowStatus(row);
  return [...own, ...ENRICHED_KEYS.map((key) => cellOf(key, row.columns[key])), STATE_WORD[status.state](), status.reason, String(status.cost)];
}

/**
 * Rows as CSV text, each line ended with CRLF. Any cell a spreadsheet would run as a formula
 * (on any of its lines) gets a leading quote; an E.164 phone number stays as it is.
 */
export function csvText(rows: readonly (readonly string[])[]): string {
  if (!rows.length) return '';
  return Papa.unparse(rows.map((row) => neutraliseRow(row, { keepPhoneNumbers: true })), { newline: '\r\n' }) + '\r\n';
}

/** The whole results file: the header, then each row in the source's order. */
export function resultsFile(run: Pick<BulkRun, 'headers'>, rows: readonly BulkRow[]): string {
  const ordered = [...rows].sort((a, b) => a.index - b.index);
  return csvText([resultsHeader(run), ...ordered.map((row) => resultsRow(run, row))]);
}
