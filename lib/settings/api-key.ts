import { z } from 'zod';
import { t } from '@/lib/platform/i18n';

/**
 * Keys are pasted from a dashboard; a trailing newline once produced misleading
 * "can't get credit" errors for a real team, so whitespace never reaches storage.
 */
export const apiKeySchema = z
  .string()
  .trim()
  .min(1, { error: () => t('validation.keyEmpty') })
  .max(512, { error: () => t('validation.keyTooLong') })
  .regex(/^[\x21-\x7e]+$/, { error: () => t('validation.keyCharacters') });

/** For display only: never show more than the last four characters of a key. */
export function maskApiKey(key: string): string {
  if (key.length <= 4) return '••••';
  return `••••${key.slice(-4)}`;
}
