import { useState } from 'react';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { copyShortcut, copyText, documentAllowsClipboardWrite, type CopyPaths } from '@/lib/clipboard/page/copy-from-page';

/** This page's clipboard where it may write it, the extension's otherwise (lib/clipboard/page/copy-from-page.ts). */
const pagePaths: CopyPaths = {
  documentMayWrite: () => documentAllowsClipboardWrite(document),
  writeInDocument: (text) => navigator.clipboard.writeText(text),
  writeThroughExtension: async (text) => {
    const reply = await sendMessage('copyText', { text });
    return reply.ok && reply.value;
  },
};

/** Stable, so React runs it once, when the field appears: the value ready for the copy keys. */
function focusAndSelect(field: HTMLInputElement | null) {
  field?.focus();
  field?.select();
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Every Copy button of every screen. A refused copy says so and leaves the value selected. */
export function CopyButton({ value, label, paths = pagePaths }: { value: string; label: string; paths?: CopyPaths }) {
  const [state, setState] = useState<CopyState>('idle');
  async function copy() {
    const outcome = await copyText(value, paths);
    setState(outcome);
    if (outcome === 'copied') setTimeout(() => setState((now) => (now === 'copied' ? 'idle' : now)), 1500);
  }
  const what = t('panel.copyWhat', { what: label });
  return (
    <>
      <button type="button" className="link-button" aria-label={what} onClick={() => void copy()}>
        {state === 'copied' ? t('panel.copied') : t('panel.copy')}
      </button>
      {/* The button's name stays "Copy …" (it is how people find it); this tells a screen reader
          that it worked, and is there only then, so a card keeps one status per row otherwise. */}
      {state === 'copied' && (
        <span role="status" className="copy-status">
          {t('panel.copied')}
        </span>
      )}
      {state === 'failed' && (
        <span className="copy-fallback">
          <span role="alert">{t('panel.copyFailed', { keys: copyShortcut(navigator.platform) })}</span>
          <input readOnly value={value} aria-label={t('panel.copyByHand', { what: label })} ref={focusAndSelect} onFocus={(event) => event.currentTarget.select()} />
        </span>
      )}
    </>
  );
}
