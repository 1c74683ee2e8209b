/**
 * Every sentence the API client can put in front of a user, named together. The sentences are
 * in the i18n catalog (`lib/platform/i18n/en.ts`, keys `api.*`) so that they are translated; each says
 * what happened and what to do next. Each is read when it is used, in the current language:
 * ERROR_MESSAGES and TRANSPORT_MESSAGES are getters; INPUT_MESSAGES are functions, because the
 * input schemas are built once, when the module loads, and call them when they report.
 */
import { t } from '@/lib/platform/i18n';
import type { ApiErrorKind } from '@/lib/enrichment/error-kinds';

export const ERROR_MESSAGES: Readonly<Record<ApiErrorKind, string>> = {
  get invalid_key() {
    return t('api.error.invalid_key');
  },
  get no_credits() {
    return t('api.error.no_credits');
  },
  get no_match() {
    return t('api.error.no_match');
  },
  get invalid_input() {
    return t('api.error.invalid_input');
  },
  get restricted() {
    return t('api.error.restricted');
  },
  get rate_limited() {
    return t('api.error.rate_limited');
  },
  get server_error() {
    return t('api.error.server_error');
  },
  get network_error() {
    return t('api.error.network_error');
  },
  get timeout() {
    return t('api.error.timeout');
  },
  get cancelled() {
    return t('api.error.cancelled');
  },
  get unexpected_response() {
    return t('api.error.unexpected_response');
  },
};

/** Answers the client refuses to read, whatever their status. */
export const TRANSPORT_MESSAGES = {
  get redirect() {
    return t('api.transport.redirect');
  },
  get tooLarge() {
    return t('api.transport.tooLarge');
  },
};

/** A sentence read when it is shown: what zod's `error` option and `requiredText` take. */
export type Message = () => string;

/** Client-side validation: shown instead of the generic invalid_input sentence. */
export const INPUT_MESSAGES = {
  noKey: () => t('api.input.noKey'),
  badBaseUrl: () => t('api.input.badBaseUrl'),
  notAnObject: () => t('api.input.notAnObject'),
  flag: () => t('api.input.flag'),
  empty: () => t('api.input.empty'),
  fullName: () => t('api.input.fullName'),
  firstName: () => t('api.input.firstName'),
  lastName: () => t('api.input.lastName'),
  companyName: () => t('api.input.companyName'),
  country: () => t('api.input.country'),
  email: () => t('api.input.email'),
  profileUrl: () => t('api.input.profileUrl'),
  url: () => t('api.input.url'),
  phone: () => t('api.input.phone'),
  region: () => t('api.input.region'),
  enrichGroup: () => t('api.input.enrichGroup'),
  findEmailTarget: () => t('api.input.findEmailTarget'),
  findEmailStep: () => t('api.input.findEmailStep'),
  phoneSearchTarget: () => t('api.input.phoneSearchTarget'),
  minimumMatch: () => t('api.input.minimumMatch'),
  microblogTarget: () => t('api.input.microblogTarget'),
  username: () => t('api.input.username'),
  company: () => t('api.input.company'),
} satisfies Record<string, Message>;
