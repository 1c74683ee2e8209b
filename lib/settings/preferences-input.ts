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
 * checked. A reuse window longer than the retention period is accepted: the worker caps it at the
 * period (lib/retention/period.ts, reuseWindowMs) and the form says so beside the field. Refusing
 * it blocked every save of a user whose period was under 90 days, the book's "Forget and suppress"
 * (an objection) included.
 */
export const preferencesInputSchema = preferencesSchema.superRefine((prefs, ctx) => {
  prefs.privacy.suppression.forEach((line, index) => {
    const parsed = suppressionLineSchema.safeParse(line);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['privacy', 'suppression', index], message: parsed.error.issues[0]?.message ?? '' });
  });
});
