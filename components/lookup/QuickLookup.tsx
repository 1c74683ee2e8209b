import { Suspense, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { t } from '@/lib/platform/i18n';
import type { QuickInput } from '@/lib/lookup/page/quick-input';
import { LazyLookupCard } from '@/components/card/lazy';
import { CostLine } from '@/components/lookup/CostLine';
import { SpendStatus } from '@/components/lookup/SpendStatus';
import { operationLabel, priceText } from '@/components/lookup/price';
import { usePreview, useSpend } from '@/components/lookup/useLookup';

type Classify = typeof import('@/lib/lookup/page/quick-input').classifyQuickInput;

/**
 * The classifier needs the phone-number library, the largest part of the popup's code: it is
 * loaded right after the first paint rather than before it, so that the popup opens fast.
 * Typing works meanwhile; the box says what it will run a few milliseconds later.
 */
function useClassifier(): Classify | null {
  const [classify, setClassify] = useState<Classify | null>(null);
  useEffect(() => {
    let live = true;
    void import('@/lib/lookup/page/quick-input').then((m) => live && setClassify(() => m.classifyQuickInput));
    return () => {
      live = false;
    };
  }, []);
  return classify;
}

function problem(input: QuickInput): string | null {
  if (input.ok) return null;
  if (input.reason === 'phone_unreadable') return t('quick.phoneUnreadable');
  if (input.reason === 'unrecognised') return t('quick.unrecognised');
  return null;
}

/** One box for any way of naming a person: it says what it will run and what it costs, then runs it. */
export function QuickLookup({ defaultRegion }: { defaultRegion: string | null }) {
  const ids = { input: useId(), hint: useId(), plan: useId(), op: useId(), result: useId(), company: useId() };
  const [text, setText] = useState('');
  const [company, setCompany] = useState('');
  const [choice, setChoice] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const runner = useSpend();
  const classify = useClassifier();
  // A bare name asks for the company; with it, the two read as "Full Name, Company".
  const typed = useMemo(() => classify?.(text, defaultRegion) ?? null, [classify, text, defaultRegion]);
  const askCompany = typed?.ok === false && typed.reason === 'needs_company' ? typed.fullName : null;
  const parsed = useMemo(
    () => (askCompany && company.trim() && classify ? classify(`${askCompany}, ${company}`, defaultRegion) : typed),
    [askCompany, company, classify, defaultRegion, typed],
  );
  const requests = parsed?.ok ? parsed.requests : [];
  const request = requests[Math.min(choice, requests.length - 1)] ?? null;
  const preview = usePreview(request);
  const busy = runner.state.phase === 'running';
  const refused = Boolean(preview?.refused);
  const error = text.trim() && parsed && !askCompany ? problem(parsed) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!request || busy) return;
    // Spending credits needs the user's own gesture, never a script's synthetic submit.
    if (!runner.run(request, event, { price: preview?.cost ?? null })) return setNotice(t('quick.notTrusted'));
    setNotice(null);
  }

  return (
    <section aria-labelledby="quick-title">
      <h2 id="quick-title">{t('quick.title')}</h2>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.input}>{t('quick.label')}</label>
          <input
            id={ids.input}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={text}
            placeholder={t('quick.placeholder')}
            onChange={(e) => {
              setText(e.target.value);
              setChoice(0);
              if (runner.state.phase !== 'running') runner.reset();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error || askCompany ? ids.hint : request ? ids.plan : undefined}
          />
          {error && (
            <span id={ids.hint} className="field-error">
              {error}
            </span>
          )}
          {askCompany && (
            <span id={ids.hint} className="muted">
              {t('quick.needsCompany', { name: askCompany })}
            </span>
          )}
        </div>
        {askCompany && (
          <div className="field">
            <label htmlFor={ids.company}>{t('quick.company')}</label>
            <input id={ids.company} type="text" autoComplete="off" value={company} onChange={(e) => setCompany(e.target.value)} aria-describedby={request ? ids.plan : undefined} />
          </div>
        )}
        {requests.length > 1 && (
          <div className="field">
            <label htmlFor={ids.op}>{t('quick.operation')}</label>
            <select id={ids.op} value={choice} onChange={(e) => setChoice(Number(e.target.value))}>
              {requests.map((r, index) => (
                <option key={r.op} value={index}>
                  {operationLabel(r.op)}
                </option>
              ))}
            </select>
          </div>
        )}
        {request && (
          <p id={ids.plan} className={refused ? 'error-text' : 'muted'} data-testid="quick-plan">
            {t('quick.willRun', { operation: operationLabel(request.op), price: priceText(preview) })}
          </p>
        )}
        <button type="submit" disabled={!request || busy || refused}>
          {busy ? t('quick.running') : t('quick.submit')}
        </button>
      </form>
      {notice && <p className="error-text">{notice}</p>}
      <SpendStatus spend={runner} showCost={false} />
      {runner.state.phase === 'done' && (
        <section aria-labelledby={ids.result} className="result">
          <h3 id={ids.result}>{t('quick.result')}</h3>
          <CostLine response={runner.state.response} />
          <Suspense fallback={null}>
            <LazyLookupCard response={runner.state.response} input={runner.state.request.input} />
          </Suspense>
        </section>
      )}
    </section>
  );
}
