import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import { personLabel } from '@/lib/book/naming';
import { CRM_LABELS } from '@/lib/crm/types';
import { t } from '@/lib/platform/i18n';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';
import { outboxStateText } from '@/components/crm/text';

interface Props {
  items: OutboxItemView[];
  onRetry(id: string): void;
  /** Settings can drop a push; the panel only retries. */
  onDrop?(id: string): void;
  showName?: boolean;
}

/** Where each push stands, with the CRM's own words when it refused, and what the user can do. */
export function PushStatusList({ items, onRetry, onDrop, showName }: Props) {
  if (!items.length) return null;
  return (
    <ul className="crm-outbox" aria-label={t('crm.outbox.label')}>
      {items.map((item) => {
        const link = safeHttpUrl(item.result?.recordUrl);
        const label = CRM_LABELS[item.target];
        const name = personLabel(item.name, item.company);
        return (
          <li key={item.id} data-state={item.state}>
            <span role="status">
              {showName && <strong>{name}: </strong>}
              {outboxStateText(item)}
            </span>
            {link && (
              <>
                {' '}
                <a href={link} target="_blank" rel="noopener noreferrer">
                  {t('crm.openRecord', { crm: label })}
                </a>
              </>
            )}
            {item.state === 'delivered' && item.result?.redirected && <p className="muted">{t('crm.outbox.redirected')}</p>}
            {item.error && item.state !== 'delivered' && <p className={item.state === 'failed' ? 'field-error' : 'muted'}>{item.error.message}</p>}
            {(item.state === 'failed' || item.state === 'retrying') && (
              <button type="button" className="secondary" onClick={() => onRetry(item.id)}>
                {t('crm.outbox.retry', { name })}
              </button>
            )}{' '}
            {onDrop && item.state !== 'sending' && item.state !== 'delivered' && (
              <button type="button" className="secondary" onClick={() => onDrop(item.id)}>
                {t('crm.outbox.drop', { name, crm: label })}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
