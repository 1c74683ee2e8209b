import { Suspense, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { Detection } from '@/lib/detect/detection';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { actionsFor } from '@/lib/panel/page/actions';
import { SpendStatus } from '@/components/lookup/SpendStatus';
import { LazyLookupCard } from '@/components/card/lazy';
import { priceText } from '@/components/lookup/price';
import { usePreview, useSpend, type LookupRequest } from '@/components/lookup/useLookup';

/** What the worker knows the active tab's detector saw; a tab without Dossier's content script has nothing. */
async function detectionInActiveTab(): Promise<Detection | null> {
  try {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    if (tab?.id === undefined) return null;
    const reply = await sendMessage('panelState', { tabId: tab.id });
    return reply.ok ? reply.value.detection : null;
  } catch {
    return null;
  }
}

/** The same enrich request the in-page panel makes for this detection, so both share the ledger. */
function enrichRequest(detection: Detection | null): LookupRequest | null {
  return actionsFor(detection).find((action) => action.id === 'enrich')?.request ?? null;
}

export function CurrentTabPerson() {
  const [detection, setDetection] = useState<Detection | null>(null);
  const runner = useSpend();
  useEffect(() => {
    let live = true;
    void detectionInActiveTab().then((d) => live && setDetection(d));
    return () => {
      live = false;
    };
  }, []);
  const request = enrichRequest(detection);
  const preview = usePreview(request);
  if (!detection?.person || !request) return null;
  const person = detection.person;
  const name = person.fullName ?? t('tab.unnamed');
  return (
    <section aria-labelledby="tab-title">
      <h2 id="tab-title">{t('tab.title')}</h2>
      <p className="result-name">{name}</p>
      {(person.jobTitle ?? person.headline) && <p className="muted">{person.jobTitle ?? person.headline}</p>}
      {person.company && <p className="muted">{person.company}</p>}
      <button
        type="button"
        disabled={runner.state.phase === 'running' || Boolean(preview?.refused)}
        onClick={(e) => runner.run(request, e, { price: preview?.cost ?? null })}
      >
        {t('tab.enrich', { name })}
      </button>{' '}
      <span className="muted">{priceText(preview)}</span>
      <SpendStatus spend={runner} />
      {runner.state.phase === 'done' && (
        <Suspense fallback={null}>
          <LazyLookupCard response={runner.state.response} input={runner.state.request.input} />
        </Suspense>
      )}
    </section>
  );
}
