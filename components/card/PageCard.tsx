import { cardActions } from '@/lib/card/page/actions';
import { seedOfDetection, type CardSubject } from '@/lib/card/page/subject';
import type { Detection } from '@/lib/detect/detection';
import type { Corrections } from '@/lib/panel/page/actions';
import { SeedCard } from '@/components/card/SeedCard';
import type { CardAnswer } from '@/components/card/useCardLookups';

interface Props {
  detection: Detection | null;
  corrections: Corrections;
  offerLookups?: boolean;
  onAnswer?(answer: CardAnswer): void;
  onSubject?(subject: CardSubject): void;
}

/**
 * The card of the person (or company) a network page is about, in the panel and the side panel.
 * Give it a `key` per page: a new page starts a new card.
 */
export function PageCard({ detection, corrections, ...card }: Props) {
  return <SeedCard seed={seedOfDetection(detection, corrections)} actionsOf={cardActions} {...card} />;
}
