import { getCredit } from './credit';
import { findEmail } from './find-email';
import { fullEnrichment } from './full';
import { microblogByEmail, microblogByUsername } from './microblog';
import type { Operation } from './operation';
import { searchByEmail } from './personal-email';
import { phoneSearch } from './phone-search';
import { searchByPhone } from './reverse-phone';

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
