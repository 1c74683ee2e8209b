import { z } from 'zod';
import { isLanguageChoice, type LanguageChoice } from '@/lib/platform/i18n/locales';
import { sessionKey, vaultItem, type StoredItem } from '@/lib/platform/storage/stored-item';
import { gatewaySchema } from '@/lib/settings/gateway';
import { languageItem, readLanguage } from '@/lib/settings/language';
import { preferencesSchema } from '@/lib/settings/preferences';
import { apiKeyItem, balanceBaselineItem, balanceBaselineSchema, balanceItem, gatewayItem, loadPreferences, preferencesItem, readGateway, storedBalanceSchema } from '@/lib/settings/stored';
import { readTheme, themeItem } from '@/lib/settings/theme';
import { isThemeChoice, type ThemeChoice } from '@/lib/settings/theme-choice';

const languageChoice = z.custom<LanguageChoice>(isLanguageChoice);
const themeChoice = z.custom<ThemeChoice>(isThemeChoice);

/** The account and the settings: the key (a secret, never exported), the gateway, the balance, the choices. */
export const SETTINGS_ITEMS: readonly StoredItem[] = [
  vaultItem(apiKeyItem, { name: 'API key', holds: 'secret', schema: z.string(), deleteAll: true }),
  vaultItem(gatewayItem, { name: 'gateway', holds: 'settings', schema: gatewaySchema, deleteAll: true, exportAs: { path: ['settings', 'gateway'], read: readGateway } }),
  vaultItem(balanceItem, { name: 'balance', holds: 'personal', schema: storedBalanceSchema.nullable(), deleteAll: true }),
  vaultItem(balanceBaselineItem, { name: 'balance baseline', holds: 'personal', schema: balanceBaselineSchema.nullable(), deleteAll: true }),
  // The suppression list is personal data.
  vaultItem(preferencesItem, { name: 'preferences', holds: 'personal', schema: preferencesSchema, deleteAll: true, exportAs: { path: ['settings', 'preferences'], read: loadPreferences } }),
  vaultItem(languageItem, { name: 'language', holds: 'settings', schema: languageChoice, deleteAll: true, exportAs: { path: ['settings', 'language'], read: readLanguage } }),
  vaultItem(themeItem, { name: 'theme', holds: 'settings', schema: themeChoice, deleteAll: true, exportAs: { path: ['settings', 'theme'], read: readTheme } }),
];

/** The worker's copies of the language and theme, for the panel's frame (language-mirror.ts, theme-mirror.ts). */
export const SETTINGS_MIRRORS: readonly StoredItem[] = [
  sessionKey('languageMirror', { name: 'language (for the panel frame)', holds: 'settings', schema: languageChoice, deleteAll: true }),
  sessionKey('themeMirror', { name: 'theme (for the panel frame)', holds: 'settings', schema: themeChoice, deleteAll: true }),
];
