import type { RecentPerson } from '@/lib/history/who';
import { t } from '@/lib/platform/i18n/translate';
import { credits, operationLabel } from '@/components/lookup/price';

/**
 * What a line of the popup's recent list says under the name: each kind of lookup once, newest
 * first, with what its newest run came to, then the credits spent on the person. The React list
 * (RecentLookups.tsx) and the popup's first paint write the same words.
 */
export function recentDetail(person: RecentPerson): string {
  const done = person.entries
    .filter((e, i, all) => all.findIndex((other) => other.op === e.op) === i)
    .map((e) => t('recent.done', { operation: operationLabel(e.op), outcome: t(`outcome.${e.outcome}`) }))
    .join(', ');
  return t('recent.person', { done, credits: credits(person.credits) });
}
