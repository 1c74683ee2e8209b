import { useEffect, useRef } from 'react';
import type { Contact } from '@/lib/contacts/model';
import { displayName } from '@/lib/contacts/model';
import { t } from '@/lib/i18n';
import { formatDateTime } from '@/lib/i18n/relative-time';
import { safeHttpUrl } from '@/lib/ui/safe-url';
import { crmText, emailText, phoneKindText } from './text';

interface Props {
  contact: Contact | null;
  onClose(): void;
}

/**
 * The selected contact, beside the list. A stand-in: the one contact card of the panel, popup
 * and history (components/card) takes this pane's place, given the contact.
 */
export function BookDetails({ contact, onClose }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [contact?.id]);
  const profile = safeHttpUrl(contact?.networkUrl?.value);
  const website = contact?.kind === 'company' ? safeHttpUrl(contact.website?.value) : null;
  return (
    <section className="details book-details" aria-labelledby="book-details-title" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="bar">
        <h2 id="book-details-title" tabIndex={-1} ref={heading}>
          {contact ? displayName(contact) : t('book.details.title')}
        </h2>
        <span className="spacer" />
        <button type="button" className="secondary" onClick={onClose}>
          {t('book.details.close')}
        </button>
      </div>
      {!contact ? (
        <p>{t('book.details.gone')}</p>
      ) : (
        <dl className="facts">
          {contact.kind === 'person' && contact.title && (
            <>
              <dt>{t('book.col.title')}</dt>
              <dd>{contact.title.value}</dd>
            </>
          )}
          {contact.kind === 'person' && contact.workEmails.length + contact.personalEmails.length > 0 && (
            <>
              <dt>{t('book.details.emails')}</dt>
              <dd>
                <ul className="plain">
                  {[...contact.workEmails, ...contact.personalEmails].map((e) => (
                    <li key={e.address}>{emailText.line(e.address, e.grade)}</li>
                  ))}
                </ul>
              </dd>
            </>
          )}
          {contact.kind === 'person' && contact.phones.length > 0 && (
            <>
              <dt>{t('book.details.phones')}</dt>
              <dd>
                <ul className="plain">
                  {contact.phones.map((p) => (
                    <li key={p.e164}>{t('book.details.phone', { number: p.international || p.e164, kind: phoneKindText(p.kind) })}</li>
                  ))}
                </ul>
              </dd>
            </>
          )}
          {contact.kind === 'person' && contact.location && (
            <>
              <dt>{t('book.details.location')}</dt>
              <dd>{contact.location.value}</dd>
            </>
          )}
          {profile && (
            <>
              <dt>{t('book.details.profile')}</dt>
              <dd>
                <a href={profile} target="_blank" rel="noopener noreferrer">
                  {profile}
                </a>
              </dd>
            </>
          )}
          {website && (
            <>
              <dt>{t('book.details.website')}</dt>
              <dd>
                <a href={website} target="_blank" rel="noopener noreferrer">
                  {website}
                </a>
              </dd>
            </>
          )}
          <dt>{t('book.col.tags')}</dt>
          <dd>{contact.tags.join(', ')}</dd>
          <dt>{t('book.col.crm')}</dt>
          <dd>{crmText(contact.crm ?? null)}</dd>
          <dt>{t('book.details.firstSeen')}</dt>
          <dd>{formatDateTime(contact.firstSeenAt)}</dd>
          <dt>{t('book.details.updated')}</dt>
          <dd>{formatDateTime(contact.updatedAt)}</dd>
        </dl>
      )}
    </section>
  );
}
