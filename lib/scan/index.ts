/** The opt-in email and phone scanner, for the scanner content script. */
export { scanPage, type ScanOptions } from '@/lib/scan/scan';
export type { Found } from '@/lib/scan/found';
export { findEmails } from '@/lib/scan/emails';
export { findPhones } from '@/lib/scan/phones';
