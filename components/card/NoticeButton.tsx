import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { PersonContact } from '@/lib/book/model';
import { t } from '@/lib/platform/i18n';

const NoticeRegion = lazy(() => import('@/components/card/NoticeRegion'));

/** "Notice for this person": opens the article 14 notice under the card's rows, and closes it. */
export function NoticeButton({ person }: { person: PersonContact }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // Closed from inside (its Close button goes away with it): the focus goes back to what opened it.
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className="card-notice-open">
      <button ref={toggle} type="button" className="link-button" aria-expanded={open} aria-controls={open ? regionId : undefined} onClick={() => setOpen((o) => !o)}>
        {t('notice.open')}
      </button>
      {open && (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <NoticeRegion person={person} regionId={regionId} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
