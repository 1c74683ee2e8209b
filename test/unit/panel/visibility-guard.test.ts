import { afterEach, describe, expect, it } from 'vitest';
import { createVisibilityGuard, SHOWN_FOR_MS, type VisibilityReport } from '@/lib/panel/page/visibility-guard';
import { reportsVisibility, watchPanelVisibility } from '@/lib/panel/page/visibility-observer';
import { gestureRefusal, installSpendGuard } from '@/components/lookup/spend-gate';

const seen = (time: number): VisibilityReport => ({ isVisible: true, time });
const covered = (time: number): VisibilityReport => ({ isVisible: false, time });

function guardFrom(...reports: VisibilityReport[]) {
  const guard = createVisibilityGuard({ supported: true });
  for (const r of reports) guard.report(r);
  return guard;
}

describe('the in-page panel counts a click only if it was seen, uncovered, for a moment before', () => {
  it('refuses every click before the browser has said anything (not yet seen)', () => {
    expect(guardFrom().check(10_000)).toBe('covered');
  });

  it('counts a click 500 ms or more after the panel became visible, not one sooner', () => {
    const guard = guardFrom(seen(1_000));
    expect(guard.check(1_000 + SHOWN_FOR_MS - 1)).toBe('tooSoon');
    expect(guard.check(1_000 + SHOWN_FOR_MS)).toBeNull();
    expect(guard.check(60_000)).toBeNull();
  });

  it('refuses a click while something covers the panel, however long it was visible before', () => {
    expect(guardFrom(seen(0), covered(5_000)).check(9_000)).toBe('covered');
  });

  it('restarts the wait when the cover goes: a page that lifts it as the pointer arrives gets nothing', () => {
    const guard = guardFrom(seen(0), covered(1_000), seen(3_000));
    expect(guard.check(3_200)).toBe('tooSoon');
    expect(guard.check(3_000 + SHOWN_FOR_MS)).toBeNull();
    expect(guard.visibleSince).toBe(3_000);
  });

  it('keeps the first moment of an unbroken stretch (repeated "visible" reports do not restart it)', () => {
    const guard = guardFrom(seen(0), seen(400), seen(450));
    expect(guard.visibleSince).toBe(0);
    expect(guard.check(SHOWN_FOR_MS)).toBeNull();
  });

  it('refuses a click older than the visible stretch the handler already knows of', () => {
    // The handler runs after a report that came in after the click: the click was not on a seen panel.
    expect(guardFrom(covered(0), seen(2_000)).check(1_900)).toBe('tooSoon');
  });

  it('takes a shorter or longer wait when asked', () => {
    expect(createVisibilityGuard({ supported: true, shownForMs: 800 }).check(0)).toBe('covered');
    const guard = createVisibilityGuard({ supported: true, shownForMs: 800 });
    guard.report(seen(0));
    expect(guard.check(700)).toBe('tooSoon');
    expect(guard.check(800)).toBeNull();
  });

  it('refuses every click where the browser cannot tell (Firefox): the safe fallback', () => {
    const guard = createVisibilityGuard({ supported: false });
    guard.report(seen(0));
    expect(guard.check(60_000)).toBe('unsupported');
  });
});

/** A window whose IntersectionObserver the test drives; `withVisibility`: Chromium's v2 (entries have isVisible). */
function fakeWindow(withVisibility: boolean) {
  const observers: { callback: IntersectionObserverCallback; options: Record<string, unknown>; targets: unknown[]; disconnected: boolean }[] = [];
  class FakeEntry {}
  if (withVisibility) Object.defineProperty(FakeEntry.prototype, 'isVisible', { get: () => false });
  class FakeObserver {
    record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options: Record<string, unknown>) {
      this.record = { callback, options, targets: [], disconnected: false };
      observers.push(this.record);
    }
    observe(target: unknown) {
      this.record.targets.push(target);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const win = { IntersectionObserver: FakeObserver, IntersectionObserverEntry: FakeEntry } as unknown as Window & typeof globalThis;
  const doc = { defaultView: win, documentElement: { nodeName: 'HTML' } } as unknown as Document;
  const deliver = (...entries: VisibilityReport[]) =>
    observers[0]!.callback(entries.map((e) => ({ ...e, target: doc.documentElement }) as unknown as IntersectionObserverEntry), {} as IntersectionObserver);
  return { win, doc, observers, deliver };
}

describe('the panel watches itself from inside its own document', () => {
  afterEach(() => installSpendGuard(null));

  it('asks Chromium to track visibility (at least every 100 ms) of its root element, and feeds the guard', () => {
    const { doc, observers, deliver } = fakeWindow(true);
    const { guard, stop } = watchPanelVisibility(doc);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options).toMatchObject({ trackVisibility: true });
    expect(observers[0]!.options.delay).toBeGreaterThanOrEqual(100);
    expect(observers[0]!.targets).toEqual([doc.documentElement]);
    deliver(seen(100));
    expect(guard.check(700)).toBeNull();
    deliver(covered(800));
    expect(guard.check(900)).toBe('covered');
    stop();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('without IntersectionObserver v2 (Firefox) watches nothing and refuses every spending click', () => {
    const { win, doc, observers } = fakeWindow(false);
    expect(reportsVisibility(win)).toBe(false);
    const { guard } = watchPanelVisibility(doc);
    expect(observers).toHaveLength(0);
    expect(guard.check(60_000)).toBe('unsupported');
  });
});

describe('every spend asks the one gate', () => {
  afterEach(() => installSpendGuard(null));
  const click = (timeStamp: number, isTrusted = true) => ({ nativeEvent: { isTrusted, timeStamp } });

  it('lets the user’s own click through where no guard is installed (side panel, popup, Dossier’s tabs)', () => {
    expect(gestureRefusal(click(0))).toBeNull();
    expect(gestureRefusal(click(0, false))).toBe('untrusted');
  });

  it('in the in-page panel, judges the click at the event’s own time', () => {
    const guard = createVisibilityGuard({ supported: true });
    guard.report(seen(1_000));
    installSpendGuard(guard);
    expect(gestureRefusal(click(1_200))).toBe('tooSoon');
    expect(gestureRefusal(click(1_600))).toBeNull();
    expect(gestureRefusal(click(1_600, false))).toBe('untrusted');
    guard.report(covered(2_000));
    expect(gestureRefusal(click(2_100))).toBe('covered');
  });

  it('in Firefox’s in-page panel, refuses with the way to the sidebar', () => {
    installSpendGuard(createVisibilityGuard({ supported: false }));
    expect(gestureRefusal(click(10_000))).toBe('unsupported');
  });
});
