import type { ReactNode } from 'react';
import type { SectionId } from '@/components/settings/sections';

/**
 * One section of the settings: the navigation's links lead to it, and its heading takes the focus
 * then (tabIndex -1), so that the next Tab goes on into the section.
 */
export function SettingsSection({ id, title, intro, children }: { id: SectionId; title: string; intro?: string; children: ReactNode }) {
  return (
    <section id={`settings-${id}`} className="settings-section" aria-labelledby={`settings-${id}-title`}>
      <h2 id={`settings-${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      {intro && <p className="muted">{intro}</p>}
      {children}
    </section>
  );
}
