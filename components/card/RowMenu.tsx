import { useEffect, useId, useRef, useState } from 'react';
import { t } from '@/lib/platform/i18n';

interface Props {
  /** What the row is (its label), for the button's accessible name: "More for Work email". */
  rowLabel: string;
  /** What the menu holds; given a way to close it (a refresh closes it, so its row shows the lookup). */
  children(close: () => void): React.ReactNode;
}

/**
 * A row's small menu: when its value was found and the paid refresh live here, out of the
 * way of the values a prospector came for. A disclosure (button + region), not an ARIA menu:
 * it holds a sentence and a button, which a screen reader reads and a keyboard reaches with Tab.
 * Escape or a click elsewhere closes it; Escape gives the focus back to its button.
 */
export function RowMenu({ rowLabel, children }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const menu = root.current;
    if (!open || !menu) return;
    const doc = menu.ownerDocument;
    const onPointer = (event: Event) => {
      if (!menu.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // The panel closes on Escape (a listener on its document): this Escape closes only the menu.
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    doc.addEventListener('pointerdown', onPointer);
    menu.addEventListener('keydown', onKey);
    return () => {
      doc.removeEventListener('pointerdown', onPointer);
      menu.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = t('card.menu', { row: rowLabel });
  return (
    <div className="row-menu" ref={root}>
      <button ref={toggle} type="button" className="icon-button row-menu-button" aria-expanded={open} aria-controls={id} aria-label={name} title={name} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div id={id} className="row-menu-popover" role="group" aria-label={name}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
