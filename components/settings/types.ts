import type { Draft, FieldErrors, FieldPath } from '@/lib/settings/page/preferences-form';

export interface SectionProps {
  draft: Draft;
  errors: FieldErrors;
  set<P extends FieldPath>(path: P, value: Draft[P]): void;
}
