import { normaliseDomain } from '@/lib/identity/keys';
import { t } from '@/lib/platform/i18n';
import { actionsFor, type PanelAction } from '@/lib/panel/page/actions';
import type { CardSeed, CardSubject } from '@/lib/card/page/subject';
import { seedOfContact } from '@/lib/card/page/subject';
import { cardJobChange } from '@/lib/card/page/rows';

/**
 * The lookups a card offers, one per row: built by the panel's own rules (lib/panel/page/actions.ts)
 * from what the page said, completed by what the book knows, so that the panel, the popup, the
 * history and the contact book ask the same requests and share the ledger.
 */
export function cardActions(subject: CardSubject): PanelAction[] {
  const known = seedOfContact(subject.person, subject.company);
  const page = subject.seed;
  const merged: CardSeed | null = page ? { ...known, ...defined(page), kind: page.kind } : known;
  // Changed jobs: every lookup asks about the new company, never the one the record still names.
  const moved = subject.person ? cardJobChange(subject) : null;
  const newCompany = moved?.kind === 'company' ? moved.now.company : undefined;
  const seed: CardSeed | null = merged && newCompany ? { ...merged, company: newCompany } : merged;
  if (!seed) return [];
  if (seed.kind === 'company') {
    return actionsFor({ kind: 'company', url: '', company: { name: seed.company, url: seed.companyUrl ?? companyTarget(subject) }, confidence: 1, sources: [] });
  }
  const actions = actionsFor({
    kind: 'person',
    url: '',
    person: { fullName: seed.fullName, company: seed.company, profileUrl: seed.profileUrl, microblogUsername: seed.microblogUsername },
    confidence: 1,
    sources: [],
  });
  // On a microblog page the handle is the page's identity: its lookup fills the microblog row,
  // as the panel asked it before (the ledger knows it by that request).
  const handle = page?.microblogUsername ?? (seed.profileUrl ? undefined : seed.microblogUsername);
  if (handle) {
    const lookUp: PanelAction = { id: 'microblog', label: t('panel.action.lookUpMicroblog'), request: { op: 'microblogProfile', input: { username: handle } } };
    const at = actions.findIndex((a) => a.id === 'microblog');
    if (at >= 0) actions[at] = lookUp;
    else actions.push(lookUp);
  }
  if (newCompany) {
    const email = actions.find((a) => a.id === 'email');
    if (email) email.label = t('panel.action.findWorkEmailAt', { company: newCompany });
  }
  const company = (newCompany ? undefined : companyTarget(subject)) ?? seed.company;
  if (company) actions.push({ id: 'company', label: t('panel.action.enrichCompany'), request: { op: 'enrichCompany', input: { company } } });
  return actions;
}

/** The company as the gateway knows it best: its domain, then its network page. */
function companyTarget(subject: CardSubject): string | undefined {
  const company = subject.company;
  if (!company) return undefined;
  const domain = company.domain?.value ?? (company.website ? normaliseDomain(company.website.value) : null);
  return domain ?? company.networkUrl?.value;
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

/**
 * The lookups of a card about an address (a web mail participant). Every one asks by the address,
 * so the ledger knows it by that address: the same address twice costs once, from any card.
 * In EU mode the card has no personal emails row, so that search is not offered there (and the
 * worker refuses it anyway).
 */
export function emailCardActions(subject: CardSubject, email: string): PanelAction[] {
  const input = { email };
  const actions: PanelAction[] = [
    { id: 'enrich', label: t('panel.action.enrichByEmail'), request: { op: 'enrichPerson', input } },
    { id: 'personal', label: t('panel.action.searchByEmail'), request: { op: 'searchPersonalEmail', input } },
    { id: 'mobile', label: t('panel.action.phoneByEmail'), request: { op: 'searchPhone', input } },
    { id: 'microblog', label: t('panel.action.microblogByEmail'), request: { op: 'microblogByEmail', input } },
  ];
  const company = companyTarget(subject) ?? subject.person?.companyName?.value;
  if (company) actions.push({ id: 'company', label: t('panel.action.enrichCompany'), request: { op: 'enrichCompany', input: { company } } });
  return actions;
}
