import { useEffect, useRef, useState, type RefObject } from 'react';
import { t } from '@/lib/platform/i18n';
import { currentSection, SECTION_IDS, sectionTitle, type SectionId } from '@/components/settings/sections';

const sectionOf = (id: SectionId) => document.getElementById(`settings-${id}`);
const sectionInAddress = () => SECTION_IDS.find((id) => location.hash === `#settings-${id}`);

/**
 * Which section the scrolled box shows, kept as it scrolls. A section chosen in the navigation
 * stays current while the box rests where that choice put it, even if (near the end) another
 * section's top is higher.
 */
export function useCurrentSection(box: RefObject<HTMLElement | null>): [SectionId, (id: SectionId) => void] {
  const [current, setCurrent] = useState<SectionId>(() => sectionInAddress() ?? SECTION_IDS[0]);
  const chosen = useRef<{ id: SectionId; scrollTop: number } | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (chosen.current && Math.abs(chosen.current.scrollTop - element.scrollTop) < 2) return;
      chosen.current = null;
      const top = element.getBoundingClientRect().top;
      const tops = SECTION_IDS.map((id) => (sectionOf(id)?.getBoundingClientRect().top ?? Infinity) - top);
      const atEnd = element.scrollTop > 0 && element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
      setCurrent(SECTION_IDS[currentSection(tops, atEnd)] ?? SECTION_IDS[0]);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [box]);
  function show(id: SectionId) {
    sectionOf(id)?.scrollIntoView({ block: 'start' });
    chosen.current = { id, scrollTop: box.current?.scrollTop ?? 0 };
  }
  function choose(id: SectionId) {
    const section = sectionOf(id);
    show(id);
    setCurrent(id);
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    history.replaceState(null, '', `#settings-${id}`);
  }
  // A link to a section (#settings-privacy) opens the page there.
  useEffect(() => {
    const id = sectionInAddress();
    if (id) show(id);
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- show reads refs only
  }, []);
  return [current, choose];
}

/** The settings' table of contents: beside the sections on a wide window, above them on a narrow one. */
export function SettingsNav({ current, choose }: { current: SectionId; choose(id: SectionId): void }) {
  return (
    <nav className="settings-nav" aria-label={t('settings.nav')}>
      <ul>
        {SECTION_IDS.map((id) => (
          <li key={id}>
            <a
              href={`#settings-${id}`}
              aria-current={current === id ? 'location' : undefined}
              onClick={(event) => {
                event.preventDefault();
                choose(id);
              }}
            >
              {sectionTitle(id)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
