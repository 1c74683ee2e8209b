import { en } from '@/lib/platform/i18n/en';
import { setFallback } from '@/lib/platform/i18n/translate';

/**
 * Translation with the whole English catalog behind it (lib/platform/i18n/translate.ts does the work):
 * code that imports from here may ask for any message. A key a translation lacks reads in English.
 */
setFallback(en);

export { cachedFormatter, currentLocale, formatNumber, setCatalog, t, tn, type MessageKey, type Messages, type ParamsOf } from '@/lib/platform/i18n/translate';
