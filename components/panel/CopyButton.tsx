import { useState } from 'react';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  }
  return (
    <button type="button" className="link-button" aria-label={`Copy ${label}`} onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
