import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '@/lib/api/config';
import { redactApiKey } from '@/lib/api/redact';
import { accountOf } from '@/lib/balance/worker/reconcile';
import { isBlankApiKey, normaliseApiKey } from '@/lib/enrichment/api-key';
import { apiKeySchema } from '@/lib/settings/api-key';

/** A key as it is pasted from a dashboard: the trailing newline that once cost a team a day. */
const PASTED = '  live-key-0123456789\n';
const KEY = 'live-key-0123456789';

describe('a key has one reading (lib/enrichment/api-key.ts), wherever it is taken', () => {
  it('drops the whitespace around a key, and nothing inside it', () => {
    expect(normaliseApiKey(PASTED)).toBe(KEY);
    expect(normaliseApiKey('a b')).toBe('a b');
    expect(isBlankApiKey(' \n\t')).toBe(true);
    expect(isBlankApiKey(undefined)).toBe(true);
    expect(isBlankApiKey(PASTED)).toBe(false);
  });

  it('reads the pasted key as the clean one in the settings, on the wire, in the account digest and in redaction', async () => {
    expect(apiKeySchema.parse(PASTED)).toBe(KEY);
    expect(resolveConfig({ baseUrl: 'http://127.0.0.1:8787/api/ingress/', apiKey: PASTED }).apiKey).toBe(KEY);
    expect(await accountOf('http://127.0.0.1:8787/', PASTED)).toBe(await accountOf('http://127.0.0.1:8787/', KEY));
    expect(redactApiKey(`failed with ${KEY} in the body`, PASTED)).toBe('failed with *** in the body');
  });

  it('is trimmed nowhere else: no product module trims a key by itself', () => {
    const files = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : []));
    const trimming = ['lib', 'components', 'entrypoints']
      .flatMap(files)
      .filter((path) => path !== join('lib', 'enrichment', 'api-key.ts'))
      .filter((path) => /\b\w*[kK]ey\??\.trim\(\)/.test(readFileSync(path, 'utf8')));
    expect(trimming).toEqual([]);
  });
});
