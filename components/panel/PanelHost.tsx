import { useEffect, useRef, useState } from 'react';
import { sendMessage } from '@/lib/contracts/messenger';
import { Panel, type PanelLayout } from '@/components/panel/Panel';
import { FoundItems } from '@/components/panel/FoundItems';
import { SearchQueue } from '@/components/panel/SearchQueue';
import { useTabState } from '@/components/panel/useTabState';

/** The panel's first paint (entrypoints/panel-frame/first-paint.ts), moved, folded or closed before the React panel was in. */
export interface FirstPaintHandle {
  layout(): PanelLayout;
  closed(): boolean;
}

/**
 * The panel inside its frame (an extension page in the network's page). It shows its own
 * tab's state, and every change of layout (side, fold, close, its measured height) goes to
 * the worker, which has the tab's content script move or resize the frame: the frame and
 * the page never talk.
 */
export function PanelHost({ firstPaint }: { firstPaint?: FirstPaintHandle }) {
  const state = useTabState(undefined);
  const [layout, setLayout] = useState<PanelLayout | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // Layout and close go to the worker one after the other, and nothing after close: a height
  // measured late (the card grows as its rows load) would otherwise place the frame again.
  const toWorker = useRef<Promise<unknown>>(Promise.resolve());
  const closed = useRef(false);
  const inOrder = (send: () => Promise<unknown>) => {
    toWorker.current = toWorker.current.then(send).catch(() => {});
  };

  // The layout starts as the worker kept it for the tab; from then on the panel's own changes lead.
  // Where a first paint was drawn, its layout: the user may have moved or folded it already.
  if (state && !layout) setLayout(firstPaint?.layout() ?? state.layout);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || !layout) return;
    let sent = '';
    const report = () => {
      const height = Math.ceil(box.getBoundingClientRect().height);
      const message = { ...layout, height };
      if (closed.current || firstPaint?.closed() || JSON.stringify(message) === sent) return;
      sent = JSON.stringify(message);
      inOrder(() => sendMessage('setPanelLayout', message));
    };
    const observer = new ResizeObserver(report);
    observer.observe(box);
    report();
    return () => observer.disconnect();
  }, [layout, firstPaint]);

  function close() {
    closed.current = true;
    inOrder(() => sendMessage('closePanel', undefined));
  }

  if (!state || !layout) return null;
  return (
    <div ref={boxRef}>
      <Panel detection={state.detection} mail={state.mail} notice={state.notice} layout={layout} onLayout={setLayout} onClose={close} movable>
        {state.detection?.kind === 'peopleSearch' && <SearchQueue rows={state.detection.results ?? []} />}
        {state.found.length > 0 && <FoundItems items={state.found} />}
      </Panel>
    </div>
  );
}
