import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/platform/i18n/locales';

const ROOT = join(__dirname, '../../..');
const LOCALES_DIR = join(ROOT, 'public/_locales');

type Messages = Record<string, { message: string; description?: string }>;
const messagesOf = (locale: string): Messages => JSON.parse(readFileSync(join(LOCALES_DIR, locale, 'messages.json'), 'utf8'));

/** What the manifest asks the browser to translate: every `__MSG_name__` in wxt.config.ts. */
const CONFIG = readFileSync(join(ROOT, 'wxt.config.ts'), 'utf8');
const ASKED = [...new Set([...CONFIG.matchAll(/__MSG_(\w+)__/g)].map((m) => m[1]!))];

describe('the manifest in the browser’s language (_locales)', () => {
  it('declares English as the default and names, describes and labels through messages', () => {
    expect(CONFIG).toMatch(/default_locale:\s*'en'/);
    expect(CONFIG).toMatch(/name:\s*'__MSG_extName__'/);
    expect(CONFIG).toMatch(/description:\s*'__MSG_extDescription__'/);
    expect(ASKED).toEqual(expect.arrayContaining(['extName', 'extDescription', 'commandEnrichProfile']));
  });

  it('has a messages file for each of Dossier’s languages, and no other', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s: every message the manifest asks for, no other, none empty', (locale) => {
    const messages = messagesOf(locale);
    expect(Object.keys(messages).sort()).toEqual([...ASKED].sort());
    for (const [name, { message }] of Object.entries(messages)) expect(message.trim(), name).not.toBe('');
  });

  it.each(LOCALES)('%s: within the stores’ limits (name 75, description 132 characters)', (locale) => {
    const messages = messagesOf(locale);
    expect(messages.extName!.message.length).toBeLessThanOrEqual(75);
    expect(messages.extDescription!.message.length).toBeLessThanOrEqual(132);
  });

  it('translates the description and the shortcut, and keeps the product’s name', () => {
    const en = messagesOf('en');
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const messages = messagesOf(locale);
      expect(messages.extName!.message, locale).toBe(en.extName!.message);
      expect(messages.extDescription!.message, locale).not.toBe(en.extDescription!.message);
      expect(messages.commandEnrichProfile!.message, locale).not.toBe(en.commandEnrichProfile!.message);
    }
  });
});
