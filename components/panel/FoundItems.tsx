import { useEffect, useState } from 'react';
import type { FoundItem } from '@/lib/content/bridge';
import type { Preview } from '@/lib/lookup/service';
import type { PanelRequest } from '@/lib/panel/actions';
import { priceLabel } from './format';
import { ResultView } from './ResultView';
import { lookupOf, previewOf, useResults } from './useLookupRunner';

const requestFor = (item: FoundItem): PanelRequest =>
  item.kind === 'email' ? { op: 'enrichPerson', input: { email: item.value } } : { op: 'reversePhone', input: { phone: item.value } };

/** Emails and phone numbers the opt-in scanner found on this page, each with its lookup and price. */
export function FoundItems({ items }: { items: readonly FoundItem[] }) {
  const [previews, setPreviews] = useState<Record<string, Preview | undefined>>({});
  const { results, set } = useResults();
  const signature = items.map((i) => i.value).join('|');

  useEffect(() => {
    void Promise.all(items.map(async (item) => [item.value, await previewOf(requestFor(item))] as const)).then((entries) =>
      setPreviews(Object.fromEntries(entries)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  return (
    <section aria-label="Found on this page">
      <h3>Found on this page</h3>
      <ul>
        {items.map((item) => {
          const label = item.kind === 'email' ? `Enrich email ${item.display}` : `Reverse phone lookup ${item.display}`;
          const result = results[item.value];
          return (
            <li key={`${item.kind}:${item.value}`}>
              <span>{item.display}</span>{' '}
              <button
                type="button"
                className="link-button"
                onClick={async (e) => {
                  if (!e.nativeEvent.isTrusted) return;
                  set(item.value, await lookupOf(requestFor(item), true));
                }}
              >
                {label} ({priceLabel(previews[item.value])})
              </button>
              {result && ('failure' in result ? <p role="alert">{result.failure}</p> : <ResultView response={result} />)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
