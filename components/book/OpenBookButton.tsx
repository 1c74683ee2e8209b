import { sendMessage } from '@/lib/contracts/messenger';
import { t } from '@/lib/platform/i18n';
import { ask } from '@/components/platform/useBackground';

/**
 * Opens the contact book in a tab. From the panel (a frame inside a web page's tab) the worker
 * opens it: the frame asks, the browser's own tab API does it, and the page learns nothing.
 */
export function OpenBookButton() {
  return (
    <p className="open-book">
      <button type="button" className="link-button" onClick={() => void ask(() => sendMessage('openContactBook', undefined))}>
        {t('app.openBook')}
      </button>
    </p>
  );
}
