import { getCredit } from '@/sandbox/operations/credit';
import { findEmail } from '@/sandbox/operations/find-email';
import { fullEnrichment } from '@/sandbox/operations/full';
import { microblogByEmail, microblogByUsername } from '@/sandbox/operations/microblog';
import type { Operation } from '@/sandbox/operations/operation';
import { searchByEmail } from '@/sandbox/operations/personal-email';
import { phoneSearch } from '@/sandbox/operations/phone-search';
import { searchByPhone } from '@/sandbox/operations/reverse-phone';

/** The route table: every operation with its interface path and its live-gateway aliases. */
export const OPERATIONS: readonly Operation[] = [
  fullEnrichment,
  findEmail,
  phoneSearch,
  searchByEmail,
  getCredit,
  searchByPhone,
  microblogByUsername,
  microblogByEmail,
];
