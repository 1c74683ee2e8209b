import { useEffect, useState } from 'react';
import { Panel, type PanelLayout } from '@/components/panel/Panel';
import { SearchQueue } from '@/components/panel/SearchQueue';
import type { Detection } from '@/lib/extract/detection';
import { contentMessenger } from '@/lib/messaging/content-protocol';

/** Which tab to show: `?tab=<id>` when given (diagnostics, tests), else the active tab. */
async function targetTab(): Promise<number | undefined> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

async function detectionOf(tabId: number | undefined): Promise<Detection | null> {
  if (tabId === undefined) return null;
  try {
    return (await contentMessenger.sendMessage('getDetection', undefined, tabId)) ?? null;
  } catch {
    return null;
  }
}

/** Quiet mode: the same panel, in the browser's side panel instead of the page. */
export function SidePanel() {
  const [detection, setDetection] = useState<Detection | null>(null);
  const [layout, setLayout] = useState<PanelLayout>({ collapsed: false, side: 'right' });

  useEffect(() => {
    const refresh = () => void targetTab().then(detectionOf).then(setDetection);
    refresh();
    const timer = setInterval(refresh, 1500);
    browser.tabs.onActivated.addListener(refresh);
    return () => {
      clearInterval(timer);
      browser.tabs.onActivated.removeListener(refresh);
    };
  }, []);

  return (
    <Panel detection={detection} notice={null} layout={layout} onLayout={setLayout}>
      {detection?.kind === 'peopleSearch' && <SearchQueue rows={detection.results ?? []} />}
    </Panel>
  );
}
