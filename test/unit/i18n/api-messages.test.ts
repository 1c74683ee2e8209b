import { afterEach, describe, expect, it } from 'vitest';
import { apiError } from '@/lib/api/errors';
import { email } from '@/lib/enrichment/input-rules';
import { findWorkEmailInput } from '@/lib/api/inputs/find-email';
import { ERROR_MESSAGES, TRANSPORT_MESSAGES } from '@/lib/enrichment/messages';
import { en } from '@/lib/platform/i18n/en';
import { fr } from '@/lib/platform/i18n/fr';
import { applyLocale } from '@/lib/platform/i18n/load';

/**
 * The API client's sentences are read when shown: its input schemas are built once, when their
 * module loads (in English), and must still answer in the language in use.
 */
describe('the API client’s sentences', () => {
  afterEach(() => applyLocale('en'));

  it('follow the language installed after the schemas were built', async () => {
    expect(email.safeParse('not an email').error?.issues[0]?.message).toBe(en['api.input.email']);
    await applyLocale('fr');
    expect(email.safeParse('not an email').error?.issues[0]?.message).toBe(fr['api.input.email']);
    expect(findWorkEmailInput.safeParse({ fullName: 'Maya Chen' }).error?.issues[0]?.message).toBe(fr['api.input.findEmailTarget']);
    expect(findWorkEmailInput.safeParse({ fullName: '', company: 'Acme' }).error?.issues[0]?.message).toBe(fr['api.input.fullName']);
    expect(apiError('timeout').message).toBe(fr['api.error.timeout']);
    expect(ERROR_MESSAGES.invalid_key).toBe(fr['api.error.invalid_key']);
    expect(TRANSPORT_MESSAGES.redirect).toBe(fr['api.transport.redirect']);
  });

  it('are listed in the catalog, one key each', () => {
    for (const kind of Object.keys(ERROR_MESSAGES)) expect(en).toHaveProperty(`api.error.${kind}`);
    for (const name of Object.keys(TRANSPORT_MESSAGES)) expect(en).toHaveProperty(`api.transport.${name}`);
  });
});
