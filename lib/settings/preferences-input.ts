import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { suppressionKeys } from '@/lib/lookup/suppression';
import { preferencesSchema } from '@/lib/settings/preferences';

/** A suppression line is only worth keeping if it names someone: it must yield an identity key. */
export const suppressionLineSchema = z
  .string()
  .trim()
  .min(1)
  .max(500, { error: () => t('validation.lineTooLong', { max: 500 }) })
  .refine((line) => suppressionKeys(line).length > 0, { error: () => t('validation.suppressionLine') });

/**
 * What the settings form and the background accept as a write: stored preferences, each line
 * checked, and no reuse window longer than the retention period (an answer is not kept past the
 * period, so it could not be reused for longer: the worker caps it anyway, lib/retention/period.ts,
 * for preferences stored before this rule).
 */
export const preferencesInputSchema = preferencesSchema.superRefine((prefs, ctx) => {
  prefs.privacy.suppression.forEach((line, index) => {
    const parsed = suppressionLineSchema.safeParse(line);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['privacy', 'suppression', index], message: parsed.error.issues[0]?.message ?? '' });
  });
  const period = prefs.privacy.historyRetentionDays;
  const longest = Math.max(prefs.freshness.phoneDays, prefs.freshness.otherDays);
  for (const field of ['phoneDays', 'otherDays'] as const) {
    if (prefs.freshness[field] > period) ctx.addIssue({ code: 'custom', path: ['freshness', field], message: t('retention.reuseTooLong', { days: period, section: t('privacy.title') }) });
  }
  // Said beside the period as well: it is in another section than the reuse windows.
  if (longest > period) ctx.addIssue({ code: 'custom', path: ['privacy', 'historyRetentionDays'], message: t('retention.periodTooShort', { days: longest, section: t('spending.title') }) });
});
