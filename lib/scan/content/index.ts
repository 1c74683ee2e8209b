/** The opt-in email and phone scanner, for the scanner content script. */
export { scanPage, type ScanOptions } from '@/lib/scan/content/scan';
export type { Found } from '@/lib/scan/content/found';
export { findEmails } from '@/lib/scan/content/emails';
export { findPhones } from '@/lib/scan/content/phones';
