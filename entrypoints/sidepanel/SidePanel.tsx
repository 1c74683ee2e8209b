import { useEffect, useState } from 'react';
import { FoundItems } from '@/components/panel/FoundItems';
import { Panel, type PanelLayout } from '@/components/panel/Panel';
import { SearchQueue } from '@/components/panel/SearchQueue';
import { useTabState } from '@/components/panel/useTabState';

/** Which tab to show: `?tab=<id>` when given (diagnostics, tests), else the active tab. */
async function targetTab(): Promise<number | null> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/**
 * Stealth mode's panel (and anyone's, beside the page): the same panel, in the browser's side
 * panel, showing what the worker knows of the active tab. Nothing of it is in the page.
 */
export function SidePanel() {
  const [tabId, setTabId] = useState<number | null>(null);
  const [layout, setLayout] = useState<PanelLayout>({ collapsed: false, side: 'right' });
  const state = useTabState(tabId);

  useEffect(() => {
    const refresh = () => void targetTab().then(setTabId);
    refresh();
    browser.tabs.onActivated.addListener(refresh);
    return () => browser.tabs.onActivated.removeListener(refresh);
  }, []);

  const detection = state?.detection ?? null;
  return (
    <Panel detection={detection} mail={state?.mail} notice={state?.notice ?? null} layout={layout} onLayout={setLayout}>
      {detection?.kind === 'peopleSearch' && <SearchQueue rows={detection.results ?? []} />}
      {state && state.found.length > 0 && <FoundItems items={state.found} />}
    </Panel>
  );
}
