import { fieldLabel } from '@/lib/bulk/columns';
import type { BulkField, BulkOperation, BulkRun, BulkTask, RunState } from '@/lib/bulk/model';
import { t, tn } from '@/lib/platform/i18n';

/** The bulk page's words that depend on data, read from the catalog each time they are shown. */
export const fieldText = (field: BulkField | null): string => (field ? fieldLabel(field) : t('bulk.ui.field.none'));

export const operationText = (op: BulkOperation): string => t(`bulk.ui.op.${op}`);

export const runStateText = (state: RunState): string => t(`bulk.ui.state.${state}`);

export function credits(count: number): string {
  return tn('credits', count);
}

/** A column's name for the user: its header, or "Column 3" when the file has none there. */
export function columnName(headers: readonly string[], index: number): string {
  return headers[index]?.trim() || t('bulk.csv.column', { number: index + 1 });
}

/** One task's state in a few words: what it cost, or why it did not go. */
export function taskText(task: BulkTask): string {
  switch (task.state) {
    case 'pending':
      return t('bulk.ui.task.pending');
    case 'sending':
      return t('bulk.ui.task.sending');
    case 'done':
      if (task.outcome === 'miss') return t('bulk.ui.task.noMatch');
      if (task.cost > 0) return t('bulk.ui.task.paid', { credits: credits(task.cost) });
      return t('bulk.ui.task.free');
    case 'failed':
      return task.reason ? t('bulk.ui.task.failedBecause', { reason: task.reason }) : t('bulk.ui.task.failed');
    case 'unknown':
      return t('bulk.ui.task.unknown');
    case 'skipped':
      return task.reason ? t('bulk.ui.task.skippedBecause', { reason: task.reason }) : t('bulk.ui.task.skipped');
  }
}

/** "About 3 minutes left", or null when the worker does not know yet. */
export function timeLeftText(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return tn('bulk.ui.progress.secondsLeft', Math.max(1, seconds));
  if (seconds < 3_600) return tn('bulk.ui.progress.minutesLeft', Math.round(seconds / 60));
  return tn('bulk.ui.progress.hoursLeft', Math.round(seconds / 360) / 10);
}

/** Where the run's rows came from and how many, for the list of runs. */
export function runSummary(run: BulkRun): string {
  return `${t(`bulk.ui.source.${run.source}`)} · ${tn('bulk.ui.rowCount', run.rowCount)}`;
}
