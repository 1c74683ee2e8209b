import { staleEmails, type DatedEmail, type ValueAges } from '@/lib/book/freshness';
import { staleWarning } from '@/lib/book/freshness-words';
import type { CrmContact } from '@/lib/crm/contact';
import { t } from '@/lib/platform/i18n';
import { CrmRefusal } from '@/lib/crm/worker/refusal';

/**
 * A push of a stale email warns first: the plan lists the stale addresses (the screen shows the
 * warning and asks), and a push that was not confirmed is refused with the same warning, so no
 * screen can send one by forgetting to ask. Pushes without a stale email are not touched.
 */
export const STALE_EMAIL = 'stale_email';

/** The emails of a lookup's contact, each as old as the answer that gave it (its paid date for a ledger repeat). */
export function datedEmailsOf(contact: CrmContact): DatedEmail[] {
  return contact.emails.map((email) => ({ address: email.address, at: contact.enrichedAt }));
}

/** Refuses the push when it holds a stale email and the user did not confirm it. */
export function holdStalePush(emails: readonly DatedEmail[], confirmed: boolean, now: number, ages: ValueAges | null): void {
  if (confirmed) return;
  const stale = staleEmails(emails, now, ages);
  if (stale.length) throw new CrmRefusal(STALE_EMAIL, t('crm.refusal.staleEmail', { warning: staleWarning(stale, now) }));
}

export { staleEmails };
