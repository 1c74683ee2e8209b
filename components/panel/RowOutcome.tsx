import type { AttemptResult } from '@/lib/lookup/attempt';
import { t } from '@/lib/i18n';
import { ResultView } from './ResultView';

/** What a row's lookup came to: its answer, a failure, or an answer lost (never re-sent by itself). */
export function RowOutcome({ result }: { result: AttemptResult | undefined }) {
  if (!result) return null;
  switch (result.kind) {
    case 'done':
      return <ResultView response={result.response} />;
    case 'unknown':
      return <p role="alert">{result.response?.error?.message ?? t('spend.unknownNoDetails')}</p>;
    case 'error':
      return <p role="alert">{result.message}</p>;
    case 'confirm':
      return null;
  }
}
