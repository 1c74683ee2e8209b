import { z } from 'zod';
import { normaliseApiKey } from '@/lib/enrichment/api-key';
import { t } from '@/lib/platform/i18n';

/** A key as the settings accept it: normalised first (lib/enrichment/api-key.ts), then checked. */
export const apiKeySchema = z
  .string()
  .overwrite(normaliseApiKey)
  .min(1, { error: () => t('validation.keyEmpty') })
  .max(512, { error: () => t('validation.keyTooLong') })
  .regex(/^[\x21-\x7e]+$/, { error: () => t('validation.keyCharacters') });

/** For display only: never show more than the last four characters of a key. */
export function maskApiKey(key: string): string {
  if (key.length <= 4) return '••••';
  return `••••${key.slice(-4)}`;
}
