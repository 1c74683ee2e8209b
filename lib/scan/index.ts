/** The opt-in email and phone scanner, for the scanner content script. */
export { scanPage, type ScanOptions } from './scan';
export type { Found } from './found';
export { findEmails } from './emails';
export { findPhones } from './phones';
