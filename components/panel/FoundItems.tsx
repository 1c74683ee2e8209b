import { useEffect, useEffectEvent, useState } from 'react';
import type { FoundItem } from '@/lib/panel/tab-state';
import { t } from '@/lib/platform/i18n';
import type { Preview } from '@/lib/lookup/contract';
import type { PanelRequest } from '@/lib/panel/page/actions';
import { priceLabel } from '@/components/panel/format';
import { RowOutcome } from '@/components/panel/RowOutcome';
import { previewOf, spendOnRow, useResults } from '@/components/panel/useLookupRunner';

const requestFor = (item: FoundItem): PanelRequest =>
  item.kind === 'email' ? { op: 'enrichPerson', input: { email: item.value } } : { op: 'reversePhone', input: { phone: item.value } };

/** Emails and phone numbers the opt-in scanner found on this page, each with its lookup and price. */
export function FoundItems({ items }: { items: readonly FoundItem[] }) {
  const [previews, setPreviews] = useState<Record<string, Preview | undefined>>({});
  const { results, set } = useResults();
  const signature = items.map((i) => i.value).join('|');

  // The same values in a new list (each scan sends one) are not a reason to ask again.
  const readPreviews = useEffectEvent(() => Promise.all(items.map(async (item) => [item.value, await previewOf(requestFor(item))] as const)));
  useEffect(() => {
    void readPreviews().then((entries) => setPreviews(Object.fromEntries(entries)));
  }, [signature]);

  return (
    <section aria-label={t('panel.found.title')}>
      <h3>{t('panel.found.title')}</h3>
      <ul>
        {items.map((item) => {
          const price = priceLabel(previews[item.value]);
          const label =
            item.kind === 'email' ? t('panel.found.enrichEmail', { email: item.display, price }) : t('panel.found.reversePhone', { phone: item.display, price });
          const result = results[item.value];
          return (
            <li key={`${item.kind}:${item.value}`}>
              <span>{item.display}</span>{' '}
              <button
                type="button"
                className="link-button"
                onClick={async (e) => {
                  const running = spendOnRow(requestFor(item), e);
                  if (running) set(item.value, await running);
                }}
              >
                {label}
              </button>
              <RowOutcome result={result} cardOf={requestFor(item).input} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
