import { useEffect, useState } from 'react';
import { storage } from 'wxt/utils/storage';
import { contentBridge, type BridgeState } from '@/lib/content/bridge';
import { Panel, type PanelLayout } from './Panel';
import { FoundItems } from './FoundItems';
import { SearchQueue } from './SearchQueue';

const layoutItem = storage.defineItem<PanelLayout>('local:panelLayout', {
  fallback: { collapsed: false, side: 'right' },
  version: 1,
});


/** Connects the panel to what the detector saw and to the layout the user chose last time. */
export function PanelHost({ host, onClose }: { host?: HTMLElement; onClose?: () => void }) {
  const bridge = contentBridge();
  const [state, setState] = useState<BridgeState>(bridge.state);
  const [layout, setLayout] = useState<PanelLayout>({ collapsed: false, side: 'right' });

  useEffect(() => bridge.subscribe(setState), [bridge]);
  useEffect(() => {
    void layoutItem.getValue().then((saved) => setLayout(saved ?? { collapsed: false, side: 'right' }));
    return layoutItem.watch((saved) => saved && setLayout(saved));
  }, []);
  useEffect(() => {
    // host.css places the host by this attribute, from inside the shadow root.
    if (host) host.dataset.side = layout.side;
  }, [host, layout.side]);

  return (
    <Panel
      detection={state.detection}
      notice={state.notice}
      layout={layout}
      onLayout={(next) => {
        setLayout(next);
        void layoutItem.setValue(next);
      }}
      onClose={onClose}
    >
      {state.detection?.kind === 'peopleSearch' && <SearchQueue rows={state.detection.results ?? []} />}
      {state.found.length > 0 && <FoundItems items={state.found} />}
    </Panel>
  );
}
