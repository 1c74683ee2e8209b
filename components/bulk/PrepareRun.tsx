import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useCrmStatus } from '@/components/crm/useCrm';
import { ask } from '@/components/platform/useBackground';
import { mappingProblems } from '@/lib/bulk/columns';
import type { BulkOperation, BulkQuote, BulkRow, BulkRun, ColumnMapping } from '@/lib/bulk/model';
import { readRows } from '@/lib/bulk/store';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { MappingSection } from '@/components/bulk/MappingSection';
import { OperationsSection } from '@/components/bulk/OperationsSection';
import { PreviewSection } from '@/components/bulk/PreviewSection';
import { QuoteSection } from '@/components/bulk/QuoteSection';
import { UnusableRows } from '@/components/bulk/UnusableRows';

/** A change of columns is sent once the user stops changing them for this long. */
const REMAP_DELAY_MS = 300;

const sameMapping = (a: ColumnMapping, b: ColumnMapping) => JSON.stringify(a) === JSON.stringify(b);

/** What a quote is for: a new one is asked for when any of this changes. */
function quoteKey(run: BulkRun, operations: readonly BulkOperation[], skipInCrm: boolean): string {
  return JSON.stringify([run.id, run.mapping, run.rowCount, operations, skipInCrm]);
}

/**
 * A run before it starts (draft or quoted): its columns, a preview of the first rows as they
 * will be sent, the rows that cannot be used, the operations and the price. Every change of
 * columns or operations asks the worker for a new price (reads of the ledger and the CRM, free);
 * the run starts only from the button that names that price.
 */
export function PrepareRun({ run }: { run: BulkRun }) {
  const [mapping, setMapping] = useState<ColumnMapping>(run.mapping);
  const [operations, setOperations] = useState<BulkOperation[]>(run.quote?.operations ?? []);
  const [skipInCrm, setSkipInCrm] = useState(run.quote?.skipInCrm ?? false);
  const [quoted, setQuoted] = useState<{ key: string; quote: BulkQuote } | null>(null);
  // The worker's refusal of the columns on screen, and of the price or start asked for `key`.
  const [remapError, setRemapError] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ key: string; message: string } | null>(null);
  const [starting, setStarting] = useState(false);
  const [sample, setSample] = useState<BulkRow | undefined>();
  const crms = (useCrmStatus()?.connected ?? []).map((c) => c.label);

  useEffect(() => {
    void readRows(run.id, 0, 1).then(([first]) => setSample(first), () => {});
  }, [run.id]);

  const problems = useMemo(() => mappingProblems(mapping), [mapping]);
  const remapping = !sameMapping(mapping, run.mapping);

  // The columns on screen go to the worker, which reads every row again through them.
  useEffect(() => {
    if (!remapping || problems.length) return;
    const timer = setTimeout(() => {
      void ask(() => sendMessage('bulkRemap', { runId: run.id, mapping })).then((reply) => setRemapError(reply.ok ? null : reply.error.message));
    }, REMAP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [run.id, mapping, run.mapping, remapping, problems.length]);

  // A price for what is on screen, once the worker has the same columns. An answer for an older
  // choice is dropped: the button only ever names the price of what it starts.
  const key = quoteKey(run, operations, skipInCrm);
  const crmsKnown = crms.length;
  useEffect(() => {
    if (remapping || problems.length || !operations.length) return;
    let current = true;
    const timer = setTimeout(() => {
      void ask(() => sendMessage('bulkQuote', { runId: run.id, operations, skipInCrm: skipInCrm && crmsKnown > 0 })).then((reply) => {
        if (!current) return;
        if (reply.ok) {
          setQuoted({ key, quote: reply.value });
          setFailed(null);
        } else setFailed({ key, message: reply.error.message });
      });
    }, REMAP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, run.id, operations, skipInCrm, remapping, problems.length, crmsKnown]);

  async function start(event: MouseEvent) {
    // Only the user's own click on the button naming the price starts the spending.
    if (!event.nativeEvent.isTrusted) return;
    const quote = quoted?.key === key ? quoted.quote : null;
    if (!quote) return;
    setStarting(true);
    const reply = await ask(() => sendMessage('bulkStart', { runId: run.id, quoteId: quote.id }));
    setStarting(false);
    if (!reply.ok) setFailed({ key, message: reply.error.message });
  }

  const quote = quoted?.key === key ? quoted.quote : null;
  // A refusal of the columns stands while they differ from the worker's; one of a price or a
  // start, while the choice it was for is on screen.
  const error = (remapping ? remapError : null) ?? (failed?.key === key ? failed.message : null);
  const blocked = problems.length ? t('bulk.ui.quote.fixColumns') : !operations.length ? t('bulk.ui.quote.chooseOperation') : null;
  return (
    <>
      <MappingSection headers={run.headers} sample={sample?.cells} mapping={mapping} onChange={setMapping} />
      <PreviewSection runId={run.id} mapping={mapping} operations={operations} />
      <UnusableRows runId={run.id} headers={run.headers} count={run.unusableRows} />
      <OperationsSection operations={operations} skipInCrm={skipInCrm} crms={crms} onOperations={setOperations} onSkipInCrm={setSkipInCrm} />
      <QuoteSection quote={quote} pricing={!blocked && !quote && !error} blocked={blocked} starting={starting} onStart={(e) => void start(e)} />
      {error && <p role="alert">{error}</p>}
    </>
  );
}
