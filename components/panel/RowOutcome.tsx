import { t } from '@/lib/platform/i18n';
import { LookupCard } from '@/components/card/LookupCard';
import { CostLine } from '@/components/lookup/CostLine';
import { SpendRefused } from '@/components/lookup/SpendRefused';
import type { RowResult } from '@/components/panel/useLookupRunner';

/**
 * What a row's lookup came to (a search result, an item found on the page): what it cost and,
 * given what was asked (`cardOf`), the card of whoever it found; a failure; an answer lost
 * (never re-sent by itself); or why the click sent nothing (the panel was covered).
 */
export function RowOutcome({ result, cardOf }: { result: RowResult | undefined; cardOf?: Record<string, unknown> }) {
  if (!result) return null;
  switch (result.kind) {
    case 'done':
      return (
        <>
          <CostLine response={result.response} />
          {cardOf && <LookupCard response={result.response} input={cardOf} />}
        </>
      );
    case 'unknown':
      return <p role="alert">{result.response?.error?.message ?? t('spend.unknownNoDetails')}</p>;
    case 'error':
      return <p role="alert">{result.message}</p>;
    case 'refused':
      return <SpendRefused reason={result.reason} />;
    case 'confirm':
      return null;
  }
}
