import { useState } from 'react';
import { t } from '@/lib/platform/i18n';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';

/**
 * Any stored value, shown whole: objects as definition lists, arrays as lists, every leaf as
 * text. The gateway's record holds 50 or more fields, more than a card has rows for; this
 * shows them all. Gateway data is untrusted, so the only markup is React's, and only http(s)
 * strings become links.
 */
export function FieldTree({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || value === undefined) return <span className="muted">{t('card.empty')}</span>;
  if (typeof value === 'string') {
    const href = safeHttpUrl(value);
    return href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {value}
      </a>
    ) : (
      <span className="tree-text">{value}</span>
    );
  }
  if (typeof value !== 'object') return <span>{String(value)}</span>;
  if (depth > 12) return <span className="muted">{t('card.more')}</span>;
  if (Array.isArray(value)) {
    if (!value.length) return <span className="muted">{t('card.empty')}</span>;
    return (
      <ol className="tree">
        {value.map((item, index) => (
          <li key={index}>
            <FieldTree value={item} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return <span className="muted">{t('card.empty')}</span>;
  return (
    <dl className="tree">
      {entries.map(([key, item]) => (
        <div key={key} className="tree-row">
          <dt>{key}</dt>
          <dd>
            <FieldTree value={item} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A disclosure of a raw record: closed by default, and drawn only once opened, so the card stays short and quick. */
export function AllFields({ label, value }: { label: string; value: unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="card-fields" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{label}</summary>
      {open && <FieldTree value={value} />}
    </details>
  );
}
