/**
 * Every sentence the API client can put in front of a user, kept together so that wording,
 * tone and translation happen in one file. Each says what happened and what to do next.
 */
import type { ApiErrorKind } from './errors';

export const ERROR_MESSAGES: Readonly<Record<ApiErrorKind, string>> = {
  invalid_key: 'The API key was not accepted. Open Dossier’s settings and paste the key from your account’s API page.',
  no_credits:
    'The account has no credits left, or the key is malformed. Check the key in Dossier’s settings, or add credits to your account.',
  no_match: 'No match was found. Nothing was charged.',
  invalid_input: 'The service could not use the details that were sent. Check them and try again.',
  restricted:
    'This lookup is not available for your account or region. Nothing was charged; contact the provider if you expected access.',
  rate_limited: 'Too many lookups in a short time. Wait a moment, then try again.',
  server_error: 'The enrichment service had a problem. Try again in a few minutes.',
  network_error: 'The enrichment service could not be reached. Check your connection and the gateway address in settings.',
  timeout: 'The enrichment service took too long to answer. Try again in a moment.',
  cancelled: 'The lookup was cancelled before an answer arrived.',
  unexpected_response:
    'The service answered in a way Dossier does not understand. Check the gateway address in settings; if it is right, try again later.',
};

/** Answers the client refuses to read, whatever their status. */
export const TRANSPORT_MESSAGES = {
  redirect:
    'The gateway address redirected Dossier elsewhere. Dossier does not follow redirects, so your key is not sent to another address: check the gateway address in settings (it may need https:// or a different path).',
  tooLarge: 'The enrichment service sent an answer far larger than any real one, so Dossier stopped reading it. Check the gateway address in settings; if it is right, try again later.',
} as const;

/** Client-side validation: shown instead of the generic invalid_input sentence. */
export const INPUT_MESSAGES = {
  noKey: 'No API key is set. Open Dossier’s settings and paste your key.',
  badBaseUrl: 'The gateway address is not a valid web address. Correct it in Dossier’s settings.',
  notAnObject: 'Nothing to look up was given.',
  flag: 'A yes/no option must be true or false.',
  empty: 'This field cannot be empty.',
  fullName: 'Enter the person’s full name.',
  firstName: 'Enter the person’s first name.',
  lastName: 'Enter the person’s last name.',
  companyName: 'Enter the company’s name.',
  country: 'Enter a country, or leave it out.',
  email: 'Enter a valid email address (like name@example.com).',
  profileUrl: 'Enter a full profile address starting with https://.',
  url: 'Enter a full web address starting with http:// or https://.',
  phone: 'Enter a valid phone number in international form, starting with + and the country code.',
  region: 'The default country must be a two-letter code such as FR or US.',
  enrichGroup:
    'Give a profile address or work email, or a first name, last name and company, or a full name and company.',
  findEmailTarget: 'Give the person’s full name and either a company or a profile slug.',
  findEmailStep: 'The search depth must be 2 (domain only) or 3 (full).',
  phoneSearchTarget: 'Give a profile address, an email address, or both.',
  minimumMatch: 'The minimum match must be a whole number of at least 1.',
  microblogTarget: 'Give a username or a professional profile address.',
  username: 'Enter a username (letters, digits and underscores, with or without @).',
  company: 'Give a company name, domain or profile address.',
} as const;
