import type { Detection } from '@/lib/detect/detection';
import { t } from '@/lib/platform/i18n';
import type { OperationName } from '@/lib/lookup/operation-names';

export interface PanelRequest {
  op: OperationName;
  input: Record<string, string>;
}

export interface PanelAction {
  /** `personal`: a personal email search (by address), offered where an address is all there is (web mail). */
  id: 'enrich' | 'email' | 'personal' | 'mobile' | 'microblog' | 'company';
  label: string;
  request: PanelRequest;
}

/** What the user typed over what the page said, when the readers were unsure. */
export interface Corrections {
  fullName?: string;
  company?: string;
}

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The actions the panel offers for what was detected. Identity comes from the URL whenever
 * the page has one (it survives redesigns and is what the ledger keys on); name and company
 * are used only where the service needs them or the page has no public URL (sales leads).
 */
export function actionsFor(detection: Detection | null, corrections: Corrections = {}): PanelAction[] {
  if (!detection) return [];
  const person = detection.person;
  const fullName = clean(corrections.fullName) ?? clean(person?.fullName);
  const company = clean(corrections.company) ?? clean(person?.company);
  const profileUrl = person?.profileUrl;
  const actions: PanelAction[] = [];

  if (detection.kind === 'person' || detection.kind === 'salesLead') {
    if (profileUrl) actions.push({ id: 'enrich', label: t('panel.action.enrich'), request: { op: 'enrichPerson', input: { profileUrl } } });
    else if (fullName && company) actions.push({ id: 'enrich', label: t('panel.action.enrich'), request: { op: 'enrichPerson', input: { fullName, company } } });
    if (fullName && (company || profileUrl)) {
      const input: Record<string, string> = { fullName };
      if (company) input.company = company;
      if (profileUrl) input.profileUrl = profileUrl;
      actions.push({ id: 'email', label: t('panel.action.findWorkEmail'), request: { op: 'findWorkEmail', input } });
    }
    if (profileUrl) {
      actions.push({ id: 'mobile', label: t('panel.action.findMobile'), request: { op: 'searchPhone', input: { profileUrl } } });
      actions.push({ id: 'microblog', label: t('panel.action.findMicroblog'), request: { op: 'microblogProfile', input: { profileUrl } } });
    }
  }
  if (detection.kind === 'company') {
    const target = detection.company?.url ?? clean(corrections.company) ?? clean(detection.company?.name);
    if (target) actions.push({ id: 'company', label: t('panel.action.enrichCompany'), request: { op: 'enrichCompany', input: { company: target } } });
  }
  if (detection.kind === 'microblogProfile' && person?.microblogUsername) {
    actions.push({ id: 'microblog', label: t('panel.action.lookUpMicroblog'), request: { op: 'microblogProfile', input: { username: person.microblogUsername } } });
  }
  return actions;
}
