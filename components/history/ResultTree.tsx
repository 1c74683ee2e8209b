import { safeHttpUrl } from '@/lib/ui/safe-url';

/**
 * Any stored value, shown whole: objects as definition lists, arrays as lists, every leaf as
 * text. Gateway data is untrusted, so the only markup is React's, and only http(s) strings
 * become links.
 */
export function ResultTree({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
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
  if (depth > 12) return <span className="muted">…</span>;
  if (Array.isArray(value)) {
    if (!value.length) return <span className="muted">—</span>;
    return (
      <ol className="tree">
        {value.map((item, index) => (
          <li key={index}>
            <ResultTree value={item} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  const entries: [string, unknown][] = Object.entries(value);
  if (!entries.length) return <span className="muted">—</span>;
  return (
    <dl className="tree">
      {entries.map(([key, item]) => (
        <div key={key} className="tree-row">
          <dt>{key}</dt>
          <dd>
            <ResultTree value={item} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
