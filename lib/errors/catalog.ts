/**
 * Every error a user can meet, in one place: what happened and what to do. The API client's
 * own sentences live in `lib/api/messages.ts` and are re-exported here, so that this file
 * is the whole list (the README's troubleshooting section is written from it).
 */
import { ERROR_MESSAGES } from '../api/messages';

export const DOSSIER_ERRORS = {
  no_key: 'No API key is set. Open Dossier’s settings and paste your key.',
  unknown_operation: 'Dossier does not offer this lookup.',
  invalid_lookup: 'The lookup’s details are invalid.',
  eu_mode:
    'EU mode is on: personal-email lookups are not offered in the EU. Turn EU mode off in settings if the person is outside the EU.',
  suppressed:
    'This person or company is on your suppression list, so Dossier will not look them up. Edit the list in settings.',
  daily_cap: (price: number, spent: number, cap: number) =>
    `This lookup may cost ${price} credits and ${spent} of your daily cap of ${cap} are already spent today. Raise the cap in settings or try tomorrow.`,
  needs_confirmation: (price: number) => `This lookup may cost ${price} credits. Confirm to go ahead.`,
  interrupted:
    'The lookup was interrupted twice when the browser stopped Dossier’s background. Nothing was recorded as spent; try again.',
  no_credits_left: 'The key works, but the account has no credits left.',
  forbidden: 'This request is only accepted from Dossier’s own pages.',
  invalid_message: (detail: string) => `The request was malformed: ${detail}.`,
  internal: (detail: string) => `Something went wrong in Dossier: ${detail}`,
  background_unreachable: 'Dossier’s background did not answer. Reload the extension.',
  settings_not_saved: (detail: string) => `Nothing was saved: ${detail}.`,
  not_a_phone: (text: string) =>
    `“${text}” is not a phone number Dossier can read. Select the whole number, with its country code if it has one.`,
  not_an_email: (text: string) => `“${text}” is not an email address.`,
  not_a_profile_link: 'This link is not a profile on the professional network.',
  no_profile_in_tab: 'Open a person’s profile on the professional network, then press the shortcut again.',
} as const;

export { ERROR_MESSAGES as GATEWAY_ERRORS };
