/**
 * Every error a user can meet, in one place: what happened and what to do. The sentences
 * themselves are in the i18n catalog (`lib/platform/i18n/en.ts`, keys `errors.<name>`), so that they
 * can be translated; this file names them all. The API client's own sentences live in
 * `lib/enrichment/messages.ts` and are re-exported here, so that this file is the whole list (the
 * README's troubleshooting section is written from it).
 *
 * The plain messages are getters: each read goes through `t()`, in the current language.
 */
import { ERROR_MESSAGES } from '@/lib/enrichment/messages';
import { t, tn } from '@/lib/platform/i18n';
import { MOBILE_PRICE } from '@/lib/lookup/prices';

/** A price that counts mobile numbers says so: a user who sees 92 where 2 was expected learns why. */
function withMobiles(message: string, mobiles: number): string {
  return mobiles ? `${message} ${t('cost.mobilesIncluded', { count: mobiles, mobile: tn('credits', MOBILE_PRICE) })}` : message;
}

/** Why a paid lookup's answer never arrived. */
export type LostAnswer = 'timeout' | 'connection' | 'unreadable' | 'stopped';

export const DOSSIER_ERRORS = {
  get no_key() {
    return t('errors.no_key');
  },
  get key_refused() {
    return t('errors.key_refused');
  },
  get key_not_accepted() {
    return t('errors.key_not_accepted');
  },
  get unknown_operation() {
    return t('errors.unknown_operation');
  },
  get invalid_lookup() {
    return t('errors.invalid_lookup');
  },
  get eu_mode() {
    return t('errors.eu_mode');
  },
  get suppressed() {
    return t('errors.suppressed');
  },
  daily_cap: (price: number, spent: number, cap: number, mobiles = 0) => withMobiles(t('errors.daily_cap', { price, spent, cap }), mobiles),
  needs_confirmation: (price: number, mobiles = 0) => withMobiles(t('errors.needs_confirmation', { price }), mobiles),
  get no_credits_left() {
    return t('errors.no_credits_left');
  },
  get forbidden() {
    return t('errors.forbidden');
  },
  invalid_message: (detail: string) => t('errors.invalid_message', { detail }),
  internal: (detail: string) => t('errors.internal', { detail }),
  get background_unreachable() {
    return t('errors.background_unreachable');
  },
  settings_not_saved: (detail: string) => t('errors.settings_not_saved', { detail }),
  not_a_phone: (text: string) => t('errors.not_a_phone', { text }),
  not_an_email: (text: string) => t('errors.not_an_email', { text }),
  get not_a_profile_link() {
    return t('errors.not_a_profile_link');
  },
  get no_profile_in_tab() {
    return t('errors.no_profile_in_tab');
  },
} as const;

export { ERROR_MESSAGES as GATEWAY_ERRORS };

/**
 * A paid lookup whose answer was lost: why, what the balance says, and the price of trying
 * again. Composed of several sentences, so it sits beside the catalog rather than in it.
 */
export function outcomeUnknownMessage(why: LostAnswer, price: number, balance: { before: number | null; after: number | null }): string {
  const reason = t(`lookup.lost.${why}`);
  if (balance.after === null) return t('lookup.outcomeUnknown.unread', { why: reason, price });
  if (balance.before === null) return t('lookup.outcomeUnknown.noBaseline', { why: reason, price, after: balance.after });
  if (balance.after >= balance.before) return t('lookup.outcomeUnknown.unchanged', { why: reason, price, after: balance.after });
  return t('lookup.outcomeUnknown.moved', { why: reason, price, before: balance.before, after: balance.after });
}
