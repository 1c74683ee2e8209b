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

/** What the settings form and the background accept as a write: stored preferences, each line checked. */
export const preferencesInputSchema = preferencesSchema.superRefine((prefs, ctx) => {
  prefs.privacy.suppression.forEach((line, index) => {
    const parsed = suppressionLineSchema.safeParse(line);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['privacy', 'suppression', index], message: parsed.error.issues[0]?.message ?? '' });
  });
});
