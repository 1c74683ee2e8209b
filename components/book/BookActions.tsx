import { useId, useState } from 'react';
import { bulkRunHash } from '@/lib/bulk/address';
import { openExtensionPage } from '@/lib/platform/extension-pages';
import { ConfirmAction } from '@/components/platform/ConfirmAction';
import { PushPlanView } from '@/components/crm/PushPlanView';
import { StalePushConfirm } from '@/components/crm/StalePushConfirm';
import { CrmTargetSelect, useCrmTarget } from '@/components/crm/CrmTargetPicker';
import { startPreferencesMirror, usePreferences } from '@/components/settings/preferences-store';
import { ask } from '@/components/platform/useBackground';
import type { BookExportFormat } from '@/lib/book/page/export';
import { BULK_MAX_ROWS } from '@/lib/bulk/model';
import { BOOK_PUSH_MAX } from '@/lib/book/contract';
import type { CrmField, CrmTarget, PushPlan } from '@/lib/crm/types';
import { t, tn } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { runBookExport } from '@/components/book/export-file';

export interface Notice {
  tone: 'status' | 'alert';
  text: string;
}

interface Props {
  ids: readonly string[];
  onNotice(notice: Notice): void;
  /** After the selected contacts were forgotten. */
  onForgotten(): void;
}

function TagActions({ ids, onNotice }: Pick<Props, 'ids' | 'onNotice'>) {
  const id = useId();
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  async function change(kind: 'add' | 'remove') {
    const name = tag.trim();
    if (!name) return onNotice({ tone: 'alert', text: t('book.tags.nothingToDo') });
    setBusy(true);
    const reply = await ask(() => sendMessage('bookTag', kind === 'add' ? { ids: [...ids], add: [name] } : { ids: [...ids], remove: [name] }));
    setBusy(false);
    if (!reply.ok) return onNotice({ tone: 'alert', text: reply.error.message });
    onNotice({ tone: 'status', text: tn(kind === 'add' ? 'book.tags.added' : 'book.tags.removed', reply.value.updated, { tag: name }) });
  }
  return (
    <fieldset>
      <legend>{t('book.tags.title')}</legend>
      <span className="inline">
        <label htmlFor={`${id}-tag`}>{t('book.tags.label')}</label>
        <input id={`${id}-tag`} value={tag} maxLength={60} placeholder={t('book.tags.placeholder')} onChange={(e) => setTag(e.target.value)} />
        <button type="button" disabled={busy || !ids.length} onClick={() => void change('add')}>
          {t('book.tags.add')}
        </button>
        <button type="button" className="secondary" disabled={busy || !ids.length} onClick={() => void change('remove')}>
          {t('book.tags.remove')}
        </button>
      </span>
    </fieldset>
  );
}

function ExportActions({ ids, onNotice }: Pick<Props, 'ids' | 'onNotice'>) {
  const [progress, setProgress] = useState<number | null>(null);
  // Personal emails go in exports unless EU mode is on, as the card hides them then.
  const personalEmails = !usePreferences((s) => s.prefs.privacy.euMode);
  useEffect(() => startPreferencesMirror(), []);
  async function run(format: BookExportFormat) {
    setProgress(0);
    try {
      const count = await runBookExport(ids, format, { personalEmails }, setProgress);
      onNotice({ tone: 'status', text: tn('book.export.done', count) });
    } catch (err) {
      onNotice({ tone: 'alert', text: t('book.export.failed', { reason: err instanceof Error ? err.message : String(err) }) });
    } finally {
      setProgress(null);
    }
  }
  const busy = progress !== null;
  return (
    <fieldset>
      <legend>{t('book.export.title')}</legend>
      <span className="actions">
        <button type="button" disabled={busy || !ids.length} onClick={() => void run('csv')}>
          {t('book.export.csv')}
        </button>
        <button type="button" className="secondary" disabled={busy || !ids.length} onClick={() => void run('vcard4')}>
          {t('book.export.vcard4')}
        </button>
        <button type="button" className="secondary" disabled={busy || !ids.length} onClick={() => void run('vcard3')}>
          {t('book.export.vcard3')}
        </button>
      </span>
      {busy && (
        <p role="status" aria-busy="true">
          <progress max={ids.length} value={progress} aria-label={t('book.export.title')} /> {t('book.export.progress', { done: progress ?? 0, total: ids.length })}
        </p>
      )}
    </fieldset>
  );
}

/** A push plan, with what it was asked for: shown only while that contact and CRM are still chosen. */
interface PlanReview {
  id: string;
  target: CrmTarget;
  plan: PushPlan;
  overwrite: ReadonlySet<CrmField>;
}
const NO_FIELDS: ReadonlySet<CrmField> = new Set();

function CrmActions({ ids, onNotice }: Pick<Props, 'ids' | 'onNotice'>) {
  const id = useId();
  const crm = useCrmTarget();
  const { status, connected, chosen, label } = crm;
  const [review, setReview] = useState<PlanReview | null>(null);
  const [busy, setBusy] = useState(false);
  // The worker's warning of stale emails in a push not confirmed yet, for the contacts and CRM it was about.
  const [staleAsk, setStaleAsk] = useState<{ selection: string; target: CrmTarget; warning: string } | null>(null);
  const selection = ids.join('\n');
  const single = ids.length === 1 ? ids[0]! : null;
  const tooMany = ids.length > BOOK_PUSH_MAX;

  // A plan is for one contact and one CRM: another selection or CRM makes it stale (also one
  // that answers after the selection moved on).
  const current = review && review.id === single && review.target === chosen ? review : null;
  const plan = current?.plan ?? null;
  const overwrite = current?.overwrite ?? NO_FIELDS;

  async function askPlan() {
    if (!single || !chosen) return;
    setBusy(true);
    const reply = await ask(() => sendMessage('bookCrmPlan', { id: single, target: chosen }));
    setBusy(false);
    if (!reply.ok) return onNotice({ tone: 'alert', text: reply.error.message });
    setReview({ id: single, target: chosen, plan: reply.value, overwrite: new Set() });
  }

  async function push(confirmStale = false) {
    if (!chosen) return;
    setBusy(true);
    setStaleAsk(null);
    const reply = await ask(() => sendMessage('bookCrmPush', { ids: [...ids], target: chosen, overwrite: plan ? [...overwrite] : [], confirmStale }));
    setBusy(false);
    // Stale emails among them: nothing was sent; the warning asks, and "Push anyway" sends.
    if (!reply.ok && reply.error.kind === 'stale_email') return setStaleAsk({ selection, target: chosen, warning: reply.error.message });
    if (!reply.ok) return onNotice({ tone: 'alert', text: reply.error.message });
    setReview(null);
    const queued = tn('book.crm.queued', reply.value.queued.length, { crm: label });
    onNotice({ tone: 'status', text: reply.value.skipped ? `${queued} ${tn('book.crm.skipped', reply.value.skipped)}` : queued });
  }

  return (
    <fieldset>
      <legend>{t('book.crm.title')}</legend>
      {status && !connected.length ? (
        <p className="muted">{t('book.crm.none')}</p>
      ) : (
        <>
          <span className="inline">
            <CrmTargetSelect id={`${id}-crm`} label={t('book.crm.target')} choice={crm} />
            <button type="button" disabled={busy || !chosen || !ids.length || tooMany} onClick={() => void push()}>
              {t('book.crm.push', { crm: label })}
            </button>
            {single && (
              <button type="button" className="secondary" disabled={busy || !chosen} onClick={() => void askPlan()}>
                {t('book.crm.review')}
              </button>
            )}
          </span>
          <p className="muted">{tooMany ? t('book.crm.tooMany', { max: BOOK_PUSH_MAX, count: ids.length }) : t('book.crm.pushHint')}</p>
          {plan && (
            <PushPlanView
              plan={plan}
              overwrite={overwrite}
              busy={busy}
              onOverwrite={(field, allowed) =>
                setReview((shown) => {
                  if (!shown) return shown;
                  const next = new Set(shown.overwrite);
                  if (allowed) next.add(field);
                  else next.delete(field);
                  return { ...shown, overwrite: next };
                })
              }
              onPush={(_event, confirmStale) => void push(confirmStale)}
            />
          )}
          {staleAsk && staleAsk.selection === selection && staleAsk.target === chosen && <StalePushConfirm warning={staleAsk.warning} busy={busy} onConfirm={() => void push(true)} onCancel={() => setStaleAsk(null)} />}
        </>
      )}
    </fieldset>
  );
}

/** The selection as a bulk run (a draft: the bulk page shows its price before anything is spent). */
function BulkAction({ ids, onNotice }: Pick<Props, 'ids' | 'onNotice'>) {
  const [busy, setBusy] = useState(false);
  const tooMany = ids.length > BULK_MAX_ROWS;
  async function enrich() {
    setBusy(true);
    const reply = await ask(() => sendMessage('bulkFromContacts', { ids: [...ids] }));
    setBusy(false);
    if (!reply.ok) return onNotice({ tone: 'alert', text: reply.error.message });
    await openExtensionPage('bulk', bulkRunHash(reply.value.id));
  }
  return (
    <fieldset>
      <legend>{t('bulk.ui.book.title')}</legend>
      <button type="button" disabled={busy || !ids.length || tooMany} onClick={() => void enrich()}>
        {t('bulk.ui.book.enrich')}
      </button>
      <p className="muted">{tooMany ? t('bulk.ui.book.tooMany', { max: BULK_MAX_ROWS, count: ids.length }) : t('bulk.ui.book.hint')}</p>
    </fieldset>
  );
}

function ForgetAction({ ids, onNotice, onForgotten }: Pick<Props, 'ids' | 'onNotice' | 'onForgotten'>) {
  const id = useId();
  const [suppress, setSuppress] = useState(false);

  async function forget() {
    const reply = await ask(() => sendMessage('bookForget', { ids: [...ids], suppress }));
    if (!reply.ok) return onNotice({ tone: 'alert', text: reply.error.message });
    const { forgotten, suppressed } = reply.value;
    const done = tn('book.forget.done', forgotten);
    onNotice({ tone: 'status', text: suppress ? `${done} ${t('book.forget.suppressed', { lines: suppressed })}` : done });
    onForgotten();
  }

  return (
    <fieldset>
      <legend>{t('book.forget.title')}</legend>
      <ConfirmAction
        label={t('book.forget.button')}
        disabled={!ids.length}
        confirmLabel={t('book.forget.yes')}
        question={
          <>
            {tn('book.forget.question', ids.length)}{' '}
            <span className="inline">
              <input id={`${id}-suppress`} type="checkbox" checked={suppress} onChange={(e) => setSuppress(e.target.checked)} />
              <label htmlFor={`${id}-suppress`}>{t('book.forget.suppress')}</label>
            </span>
          </>
        }
        onConfirm={forget}
      />
    </fieldset>
  );
}

/** What can be done with the selected contacts: tag, export, push to a CRM, enrich in bulk, forget. */
export function BookActions(props: Props) {
  return (
    <section className="book-actions" aria-labelledby="book-actions-title">
      <h2 id="book-actions-title">{t('book.actions')}</h2>
      <TagActions ids={props.ids} onNotice={props.onNotice} />
      <ExportActions ids={props.ids} onNotice={props.onNotice} />
      <CrmActions ids={props.ids} onNotice={props.onNotice} />
      <BulkAction ids={props.ids} onNotice={props.onNotice} />
      <ForgetAction ids={props.ids} onNotice={props.onNotice} onForgotten={props.onForgotten} />
    </section>
  );
}
