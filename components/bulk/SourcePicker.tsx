import { useEffect, useId, useState, type DragEvent } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { startPreferencesMirror, usePreferences } from '@/components/settings/preferences-store';
import { ask } from '@/components/platform/useBackground';
import { guessMapping } from '@/lib/bulk/columns';
import { asHeaderless, badLineText, parseCsv, type CsvTable } from '@/lib/bulk/page/csv';
import type { CollectedPerson } from '@/lib/bulk/contract';
import { BULK_MAX_COLUMNS, BULK_MAX_ROWS, type BulkSource, type ColumnMapping } from '@/lib/bulk/model';
import { tableFromCollected, tableFromLines } from '@/lib/bulk/pasted';
import { t, tn } from '@/lib/platform/i18n';
import { formatDateTime } from '@/lib/platform/i18n/relative-time';
import { sendMessage } from '@/lib/contracts/messenger';
import { openExtensionPage } from '@/lib/platform/extension-pages';

/** A source read in the page, on its way to the worker as a draft run (bulkCreate). */
export interface SourceTable {
  name: string;
  source: BulkSource;
  headers: string[];
  rows: string[][];
  mapping: ColumnMapping;
}

/** Rows the mapping is guessed from, besides the headers. */
const SAMPLE_ROWS = 50;

/** A table the worker would refuse, in the user's words; null when it can go. */
export function tableProblem(table: Pick<SourceTable, 'headers' | 'rows'>): string | null {
  if (!table.rows.length) return t('bulk.ui.source.noRows');
  if (table.rows.length > BULK_MAX_ROWS) return t('bulk.ui.source.tooManyRows', { max: BULK_MAX_ROWS, count: table.rows.length });
  if (table.headers.length > BULK_MAX_COLUMNS) return t('bulk.ui.source.tooManyColumns', { max: BULK_MAX_COLUMNS, count: table.headers.length });
  return null;
}

interface SourceProps {
  busy: boolean;
  onTable(table: SourceTable): void;
}

/** A file read, waiting for the user: its first row may be a person, some of its lines could not be read. */
interface ReadFile {
  name: string;
  table: CsvTable;
}

/**
 * What the user decides before a file becomes a run: whether its first row is a person (the
 * file has no header row), and whether to go on without the lines that could not be read.
 */
function FileCheck({ file, busy, onUse, onCancel }: { file: ReadFile; busy: boolean; onUse(table: CsvTable): void; onCancel(): void }) {
  const id = useId();
  const { table } = file;
  const bad = table.badLines;
  const asking = table.firstRowLooksLikeData;
  return (
    <section className="bulk-check" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{file.name}</h4>
      {bad.length > 0 && (
        <>
          <p>{tn('bulk.ui.csv.badLines', bad.length)}</p>
          <ul className="bulk-problems bulk-unusable-list" aria-label={tn('bulk.ui.csv.badLines', bad.length)}>
            {bad.map((line) => (
              <li key={line.line}>{badLineText(line)}</li>
            ))}
          </ul>
          <p className="muted">{t('bulk.ui.csv.badLinesFix')}</p>
        </>
      )}
      {asking ? (
        <fieldset aria-describedby={`${id}-hint`}>
          <legend>{t('bulk.ui.csv.firstRowQuestion')}</legend>
          <p className="bulk-cell">
            <span className="muted">{t('bulk.ui.csv.firstRow')}:</span> {table.firstRow.filter((cell) => cell.trim()).join(' · ')}
          </p>
          <p id={`${id}-hint`} className="muted">
            {t('bulk.ui.csv.firstRowHint')}
          </p>
          <p className="actions">
            <button type="button" disabled={busy} onClick={() => onUse(asHeaderless(table))}>
              {t('bulk.ui.csv.useAsData')}
            </button>
            <button type="button" className="secondary" disabled={busy || !table.rows.length} onClick={() => onUse(table)}>
              {t('bulk.ui.csv.keepHeaders')}
            </button>
            <button type="button" className="link-button" disabled={busy} onClick={onCancel}>
              {t('bulk.ui.csv.another')}
            </button>
          </p>
        </fieldset>
      ) : (
        <p className="actions">
          <button type="button" disabled={busy} onClick={() => onUse(table)}>
            {tn('bulk.ui.csv.goOn', table.rows.length)}
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={onCancel}>
            {t('bulk.ui.csv.another')}
          </button>
        </p>
      )}
    </section>
  );
}

function CsvSource({ busy, onTable }: SourceProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const [reading, setReading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<ReadFile | null>(null);

  function choose(name: string, table: CsvTable) {
    const problem = tableProblem(table);
    if (problem) return setError(problem);
    setCheck(null);
    const { headers, rows } = table;
    onTable({ name, source: 'csv', headers, rows, mapping: guessMapping(headers, rows.slice(0, SAMPLE_ROWS)) });
  }

  async function read(file: File) {
    setError(null);
    setCheck(null);
    setReading(0);
    // parseCsv refuses a file past the limit before handing back any of it: nothing is stored, nothing spent.
    const parsed = await parseCsv(file, { onProgress: setReading }).catch((err: unknown) => ({ ok: false as const, message: err instanceof Error ? err.message : String(err) }));
    setReading(null);
    if (!parsed.ok) return setError(parsed.message);
    // The user answers first: nothing becomes a run on a guess about the first row, or without the lines left out being said.
    if (parsed.table.firstRowLooksLikeData || parsed.table.badLines.length) return setCheck({ name: file.name, table: parsed.table });
    choose(file.name, parsed.table);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) void read(file);
  }

  const working = busy || reading !== null;
  return (
    <section className="bulk-source" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('bulk.ui.csv.title')}</h3>
      <div
        role="group"
        aria-labelledby={`${id}-drop`}
        aria-describedby={`${id}-hint`}
        className={over ? 'bulk-drop over' : 'bulk-drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p id={`${id}-drop`}>{t('bulk.ui.csv.drop')}</p>
        <label htmlFor={`${id}-file`}>{t('bulk.ui.csv.choose')}</label>{' '}
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          disabled={working}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared, so that choosing the same file again (after fixing it) reads it again.
            e.target.value = '';
            if (file) void read(file);
          }}
        />
      </div>
      <p id={`${id}-hint`} className="muted">
        {t('bulk.ui.csv.hint')}
      </p>
      {reading !== null && (
        <p role="status" aria-busy="true">
          {t('bulk.ui.csv.reading', { rows: reading })}
        </p>
      )}
      {check && <FileCheck file={check} busy={working} onUse={(table) => choose(check.name, table)} onCancel={() => setCheck(null)} />}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

function PasteSource({ busy, onTable }: SourceProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A phone written without its country code is read in the user's region, as everywhere.
  const region = (usePreferences((s) => s.prefs.lookups.defaultPhoneRegion) ?? undefined) as CountryCode | undefined;
  useEffect(() => startPreferencesMirror(), []);

  function use() {
    const table = tableFromLines(text, { defaultRegion: region });
    const problem = tableProblem(table);
    if (problem) return setError(problem);
    setError(null);
    onTable({ name: t('bulk.ui.paste.runName', { date: formatDateTime(Date.now()) }), source: 'paste', ...table });
  }

  return (
    <section className="bulk-source" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('bulk.ui.paste.title')}</h3>
      <div className="field">
        <label htmlFor={`${id}-lines`}>{t('bulk.ui.paste.label')}</label>
        <textarea id={`${id}-lines`} rows={6} value={text} aria-describedby={`${id}-hint`} placeholder={t('bulk.ui.paste.placeholder')} onChange={(e) => setText(e.target.value)} />
        <span id={`${id}-hint`} className="muted">
          {t('bulk.ui.paste.hint')}
        </span>
      </div>
      <button type="button" disabled={busy || !text.trim()} onClick={use}>
        {t('bulk.ui.paste.use')}
      </button>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

function CollectedSource({ busy, onTable }: SourceProps) {
  const id = useId();
  const [people, setPeople] = useState<CollectedPerson[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The list grows in the panel, on search pages in other tabs: read again when the user comes back.
  useEffect(() => {
    let live = true;
    const load = () =>
      void ask(() => sendMessage('bulkCollection', undefined)).then((reply) => {
        if (!live) return;
        setPeople(reply.ok ? reply.value.people : []);
        setError(reply.ok ? null : reply.error.message);
      });
    load();
    const onVisible = () => document.visibilityState === 'visible' && load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  async function clear() {
    const reply = await ask(() => sendMessage('bulkClearCollection', undefined));
    if (!reply.ok) return setError(reply.error.message);
    setPeople([]);
  }

  function use() {
    if (!people?.length) return;
    const table = tableFromCollected(people);
    const problem = tableProblem(table);
    if (problem) return setError(problem);
    onTable({ name: t('bulk.ui.collected.runName', { date: formatDateTime(Date.now()) }), source: 'search', ...table });
  }

  return (
    <section className="bulk-source" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('bulk.ui.collected.title')}</h3>
      {people === null ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : people.length === 0 ? (
        <p className="muted">{t('bulk.ui.collected.empty')}</p>
      ) : (
        <>
          <p>{tn('bulk.ui.collected.count', people.length)}</p>
          <p className="actions">
            <button type="button" disabled={busy} onClick={use}>
              {t('bulk.ui.collected.use')}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => void clear()}>
              {t('bulk.ui.collected.clear')}
            </button>
          </p>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

function ContactsSource() {
  const id = useId();
  return (
    <section className="bulk-source" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('bulk.ui.contacts.title')}</h3>
      <p className="muted">{t('bulk.ui.contacts.hint')}</p>
      <button type="button" className="secondary" onClick={() => void openExtensionPage('book')}>
        {t('bulk.ui.contacts.open')}
      </button>
    </section>
  );
}

/** Where a new run's rows come from: a CSV file, pasted lines, the list collected on search pages, the contact book. */
export function SourcePicker(props: SourceProps) {
  return (
    <section aria-labelledby="bulk-new-title" className="bulk-new">
      <h2 id="bulk-new-title">{t('bulk.ui.newRun')}</h2>
      <div className="bulk-sources">
        <CsvSource {...props} />
        <PasteSource {...props} />
        <CollectedSource {...props} />
        <ContactsSource />
      </div>
    </section>
  );
}
