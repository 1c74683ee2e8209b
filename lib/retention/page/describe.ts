import { cachedFormatter, t, tn } from '@/lib/platform/i18n';
import { formatDay } from '@/lib/platform/i18n/relative-time';
import { NEXT_TO_GO_DAYS } from '@/lib/retention/period';
import { firstToGo, type NextToGo } from '@/lib/retention/page/next-to-go';

/** "12 contacts, 40 lookups and 5 answers kept for free repeats": what goes, the stores with nothing left out; empty when nothing goes. */
export function whatGoes(next: NextToGo): string {
  const parts = [
    next.contacts.count ? tn('retention.contacts', next.contacts.count) : null,
    next.history.count ? tn('retention.lookups', next.history.count) : null,
    next.ledger.count ? tn('retention.answers', next.ledger.count) : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? cachedFormatter('and-list', (l) => new Intl.ListFormat(l, { type: 'conjunction' })).format(parts) : '';
}

/**
 * The settings page's line: "Next to go, from 3 Jan 2027: 12 contacts and 40 lookups." Contacts
 * that go on a later day than the rest (the grace given on upgrade) get their own date, so that the
 * user sees when they start to go and can export first.
 */
export function describeNextToGo(next: NextToGo, days = NEXT_TO_GO_DAYS): string {
  const first = firstToGo(next);
  const what = whatGoes(next);
  if (first === null || !what) return t('retention.nothingSoon', { days });
  const contactsAt = next.contacts.firstAt;
  if (!next.contactsHeld || contactsAt === null || formatDay(contactsAt) === formatDay(first)) return t('retention.nextToGo', { date: formatDay(first), what });
  const none = { count: 0, firstAt: null };
  const rest = { ...next, contacts: none };
  const contacts = t('retention.contactsFrom', { date: formatDay(contactsAt), what: tn('retention.contacts', next.contacts.count) });
  return `${t('retention.nextToGo', { date: formatDay(firstToGo(rest) ?? first), what: whatGoes(rest) })} ${contacts}`;
}

/** What saving a changed period deletes at the next daily purge (`next`: readNextToGo over one day with the new period). */
export function describeChange(next: NextToGo, days: number): string {
  const what = whatGoes(next);
  return what ? t('retention.change', { days, what }) : t('retention.changeNothing', { days });
}
