import type { AttemptResult } from '@/lib/lookup/attempt';
import { t } from '@/lib/i18n';
import { LookupCard } from '@/components/card/LookupCard';
import { CostLine } from '@/components/CostLine';

/**
 * What a row's lookup came to (a search result, an item found on the page): what it cost and,
 * given what was asked (`cardOf`), the card of whoever it found; a failure; or an answer lost
 * (never re-sent by itself).
 */
export function RowOutcome({ result, cardOf }: { result: AttemptResult | undefined; cardOf?: Record<string, unknown> }) {
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
    case 'confirm':
      return null;
  }
}
