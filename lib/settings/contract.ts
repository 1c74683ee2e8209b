import { z } from 'zod';
import type { StoredBalance } from '@/lib/balance/contract';
import { isLanguageChoice, type LanguageChoice } from '@/lib/platform/i18n/locales';
import { gatewaySchema, type Gateway } from '@/lib/settings/gateway';
import type { Preferences } from '@/lib/settings/preferences';
import { THEME_CHOICES, type ThemeChoice } from '@/lib/settings/theme-choice';

export interface ConnectionStatus {
  hasKey: boolean;
  maskedKey: string | null;
  gateway: Gateway;
  isSandbox: boolean;
  balance: StoredBalance | null;
}

export type ConnectionTest =
  | { status: 'ok'; credits: number }
  | { status: 'invalid_key' | 'no_credits' | 'unreachable' | 'error'; message: string };

/** The settings' messages (the key, the service, the preferences, language, theme, the data), from Dossier's own pages. */
export const settingsMessageSchemas = {
  getStatus: z.undefined(),
  saveConnection: z.object({ gateway: gatewaySchema, apiKey: z.string().optional() }).strict(),
  testConnection: z.object({ gateway: gatewaySchema, apiKey: z.string().optional() }).strict(),
  getPreferences: z.undefined(),
  savePreferences: z.unknown(),
  /** Settings: the interface language ("auto": the browser's); every page and the worker follow it at once. */
  saveLanguage: z.object({ language: z.custom<LanguageChoice>(isLanguageChoice) }).strict(),
  /** Settings: light, dark or the system's; every page and the panel follow it at once. */
  saveTheme: z.object({ theme: z.enum(THEME_CHOICES) }).strict(),
  openSettings: z.undefined(),
  /** Every screen without a key links to the welcome page (the panel's frame cannot open a tab itself). */
  openWelcome: z.undefined(),
  /** Settings › Privacy: everything Dossier keeps, as one file (never the key). */
  exportAllData: z.undefined(),
  /** Settings › Privacy: history, ledger, journal, balance, preferences and key, all gone. */
  deleteAllData: z.undefined(),
} as const;

export interface SettingsReplies {
  getStatus: ConnectionStatus;
  saveConnection: ConnectionStatus;
  testConnection: ConnectionTest;
  getPreferences: Preferences;
  savePreferences: Preferences;
  saveLanguage: { language: LanguageChoice };
  saveTheme: { theme: ThemeChoice };
  openSettings: true;
  openWelcome: true;
  exportAllData: { filename: string; mimeType: string; content: string };
  deleteAllData: { deleted: true };
}
