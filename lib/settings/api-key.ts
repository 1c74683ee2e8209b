import { z } from 'zod';

/**
 * Keys are pasted from a dashboard; a trailing newline once produced misleading
 * "can't get credit" errors for a real team, so whitespace never reaches storage.
 */
export const apiKeySchema = z
  .string()
  .trim()
  .min(1, 'Enter your API key.')
  .max(512, 'This key is too long to be an API key.')
  .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or special characters; check what was pasted.');

/** For display only: never show more than the last four characters of a key. */
export function maskApiKey(key: string): string {
  if (key.length <= 4) return '••••';
  return `••••${key.slice(-4)}`;
}
