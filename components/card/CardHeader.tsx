import { t } from '@/lib/i18n';
import type { CardHeader as Header, LinkKind } from '@/lib/card/rows';
import type { PanelAction } from '@/lib/panel/actions';
import { RowAction } from '@/components/card/RowAction';
import type { CardLookups } from '@/components/card/useCardLookups';

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
}

/** Who the card is about: name, title, company, location, links; and the enrichment that fills it. */
export function CardHeader({ header, nameId, action, lookups, now }: Props) {
  const unnamed = header.kind === 'person' ? t('card.unnamed') : t('card.unnamedCompany');
  return (
    <header className="card-header">
      <h3 id={nameId} className="card-name">
        {header.name ?? unnamed}
      </h3>
      {header.title && <p className="card-title">{header.title}</p>}
      {header.headline && <p className="muted card-headline">{header.headline}</p>}
      {header.kind === 'person' && header.company && <p className="card-company">{header.company}</p>}
      {header.location && <p className="muted">{header.location}</p>}
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
      {/* Named by its lookup, so that its "Refresh" is told apart from the rows' own. */}
      <div role="group" aria-label={action?.label}>
        <RowAction action={action} knownAt={header.knownAt} lookups={lookups} now={now} />
      </div>
    </header>
  );
}
