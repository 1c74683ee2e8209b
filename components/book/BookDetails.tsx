import { DetailsBar } from '@/components/platform/DetailsBar';
import type { Contact } from '@/lib/book/model';
import { displayName } from '@/lib/book/model';
import { t } from '@/lib/platform/i18n';
import { formatDateTime } from '@/lib/platform/i18n/relative-time';
import { cardActions } from '@/lib/card/page/actions';
import type { CardSubject } from '@/lib/card/page/subject';
import { ContactCard } from '@/components/card/ContactCard';
import { useBookContact } from '@/components/card/useBookContact';
import { crmText } from '@/components/book/text';

interface Props {
  contact: Contact | null;
  onClose(): void;
}

/** The card of a contact of the book, with the person's company read beside it; its rows offer their lookups. */
function BookCard({ contact }: { contact: Contact }) {
  const book = useBookContact([contact.id]);
  const fresh = book.person ?? book.company;
  // The list's copy shows at once; the book's own read (with the company) replaces it.
  const subject: CardSubject =
    fresh && fresh.id === contact.id
      ? { person: book.person, company: book.company, seed: null }
      : { person: contact.kind === 'person' ? contact : null, company: contact.kind === 'company' ? contact : null, seed: null };
  return <ContactCard subject={subject} actions={cardActions(subject)} />;
}

/**
 * The selected contact, beside the list: the one contact card of the panel, popup and history
 * (components/card), then what only the book keeps (tags, CRM, when first and last seen).
 */
export function BookDetails({ contact, onClose }: Props) {
  return (
    <section className="details book-details" aria-labelledby="book-details-title">
      {/* Escape anywhere inside closes the details: the keys bubble up from the pane's controls
          to this wrapper, which has no role of its own, so the section stays a region. */}
      <div role="presentation" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <DetailsBar id="book-details-title" title={contact ? displayName(contact) : t('book.details.title')} closeLabel={t('book.details.close')} onClose={onClose} showing={contact?.id} />
        {!contact ? (
          <p>{t('book.details.gone')}</p>
        ) : (
          <>
            <BookCard contact={contact} />
            <dl className="facts">
              <dt>{t('book.col.tags')}</dt>
              <dd>{contact.tags.join(', ')}</dd>
              <dt>{t('book.col.crm')}</dt>
              <dd>{crmText(contact.crm ?? null)}</dd>
              <dt>{t('book.details.firstSeen')}</dt>
              <dd>{formatDateTime(contact.firstSeenAt)}</dd>
              <dt>{t('book.details.updated')}</dt>
              <dd>{formatDateTime(contact.updatedAt)}</dd>
            </dl>
          </>
        )}
      </div>
    </section>
  );
}
