import { t } from '@/lib/platform/i18n';
import type { CardHeader as Header, LinkKind } from '@/lib/card/page/rows';
import type { JobChange } from '@/lib/book/model';
import type { PanelAction } from '@/lib/panel/page/actions';
import type { SourceItem } from '@/lib/card/page/sources';
import { RowFreshness, RowLookup } from '@/components/card/RowAction';
import type { CardLookups } from '@/components/card/useCardLookups';
import { FreshnessBadge } from '@/components/card/Freshness';

const LINK_LABEL: Record<LinkKind, 'card.link.profile' | 'card.link.microblog' | 'card.link.website' | 'card.link.companyPage'> = {
  profile: 'card.link.profile',
  microblog: 'card.link.microblog',
  website: 'card.link.website',
  companyPage: 'card.link.companyPage',
};

interface Props {
  header: Header;
  nameId: string;
  /** The full enrichment, which fills the header (and most rows). */
  action: PanelAction | undefined;
  lookups: CardLookups | null;
  now: number;
  /** The enrichment is the card's next lookup. */
  primary: boolean;
  /** Where the name, title and location (a company's facts) came from, for the header's menu. */
  sources?: readonly SourceItem[];
}

/** "Changed jobs: was Head of Data at Globex", seen for free on their profile or a search page. */
function JobChangeNotice({ change }: { change: JobChange }) {
  const { title, company } = change.was;
  const text =
    change.kind === 'title'
      ? t('card.jobChange.title', { title: title ?? '' })
      : title
        ? t('card.jobChange.company', { title, company: company ?? '' })
        : t('card.jobChange.companyNoTitle', { company: company ?? '' });
  return (
    <p className="card-job-change" title={t('card.jobChange.seen')}>
      {text}
    </p>
  );
}

/**
 * Who the card is about: name (with the record's menu: when it was found, refresh), title and
 * company, location and links on as few lines as they fit; and the enrichment that fills it.
 */
export function CardHeader({ header, nameId, action, lookups, now, primary, sources }: Props) {
  const unnamed = header.kind === 'person' ? t('card.unnamed') : t('card.unnamedCompany');
  const name = header.name ?? unnamed;
  const company = header.kind === 'person' ? header.company : undefined;
  return (
    <header className="card-header">
      <div className="card-name-line">
        <h3 id={nameId} className="card-name">
          {name}
        </h3>
        <RowFreshness action={action} knownAt={header.knownAt} lookups={lookups} now={now} rowLabel={name} sources={sources} />
      </div>
      {(header.title || company) && (
        // One line where both fit: "VP of Engineering · Northwind Analytics".
        <p className="card-role">
          {header.title && <span className="card-title">{header.title}</span>}
          {header.title && company && <span aria-hidden="true"> · </span>}
          {company && <span className="card-company">{company}</span>}{' '}
          {/* A company's own card says it on its company row. */}
          {header.kind === 'person' && <FreshnessBadge kind="role" at={header.knownAt} now={now} subject="role" />}
        </p>
      )}
      {header.jobChange && <JobChangeNotice change={header.jobChange} />}
      {header.headline && <p className="muted card-headline">{header.headline}</p>}
      {(header.location || header.links.length > 0) && (
        <div className="card-where">
          {header.location && <span className="muted">{header.location}</span>}
          {header.links.length > 0 && (
            <ul className="card-links" aria-label={t('card.links')}>
              {header.links.map((link) => (
                <li key={link.kind}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {t(LINK_LABEL[link.kind])}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {/* Named by its lookup, so that its status is told apart from the rows' own. */}
      <div role="group" aria-label={action?.label}>
        <RowLookup action={action} knownAt={header.knownAt} lookups={lookups} primary={primary} />
      </div>
    </header>
  );
}
