import { useState } from 'react';
import { t } from '@/lib/i18n';

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
    <button type="button" className="link-button" aria-label={t('panel.copyWhat', { what: label })} onClick={() => void copy()}>
      {copied ? t('panel.copied') : t('panel.copy')}
    </button>
  );
}
