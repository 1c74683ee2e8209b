import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** The heading's id, which the details' region is labelled by. */
  id: string;
  title: ReactNode;
  closeLabel: string;
  onClose(): void;
  /** What the details show: the heading takes the focus each time it changes, for keyboard and screen reader users. */
  showing: string | undefined;
}

/** The bar over a details pane (a contact of the book, an entry of the history): its title and Close. */
export function DetailsBar({ id, title, closeLabel, onClose, showing }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [showing]);
  return (
    <div className="bar">
      <h2 id={id} tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <span className="spacer" />
      <button type="button" className="secondary" onClick={onClose}>
        {closeLabel}
      </button>
    </div>
  );
}
