import type { Company, EmailResult, Person, Phone } from '@/lib/api/model';
import { t } from '@/lib/i18n';
import type { LookupResponse } from '@/lib/lookup/service';
import { mailtoHref, safeHttpUrl, telHref } from '@/lib/ui/safe-url';
import { CopyButton } from './CopyButton';
import { credits, formatDate } from './format';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : undefined);

function SafeLink({ href, children }: { href: unknown; children: string }) {
  const safe = safeHttpUrl(href);
  return safe ? (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );
}

function Field({ label, value }: { label: string; value: unknown }) {
  const shown = text(value);
  if (!shown) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{shown}</dd>
    </>
  );
}

function EmailRow({ email }: { email: EmailResult }) {
  const href = mailtoHref(email.address);
  return (
    <li>
      {href ? <a href={href}>{email.address}</a> : <span>{email.address}</span>}{' '}
      <span className={email.verified ? 'badge ok' : 'badge warn'}>
        {email.verified ? t('result.verified') : email.status === 'most_probable' ? t('panel.result.mostProbable') : t('result.unverified')}
      </span>{' '}
      <CopyButton value={email.address} label={t('panel.copyEmail', { address: email.address })} />
    </li>
  );
}

function PhoneRow({ phone }: { phone: Phone }) {
  const href = telHref(phone.e164);
  const whatsapp = phone.whatsapp === true ? t('result.onWhatsapp') : phone.whatsapp === false ? t('result.notOnWhatsapp') : null;
  return (
    <li>
      {href ? <a href={href}>{phone.international}</a> : <span>{phone.international}</span>}
      {phone.type && <span className="muted"> · {t(`result.phoneType.${phone.type}`)}</span>}
      {whatsapp && <span className="badge"> {whatsapp}</span>}{' '}
      <CopyButton value={phone.e164} label={t('panel.copyPhone', { number: phone.international })} />
    </li>
  );
}

/** Scalar fields the record carries beyond the model: shown, never dropped. */
function MoreDetails({ extra }: { extra: unknown }) {
  if (!isRec(extra)) return null;
  const rows = Object.entries(extra).filter(([, v]) => text(v) !== undefined || typeof v === 'boolean').slice(0, 40);
  if (!rows.length) return null;
  return (
    <details>
      <summary>{t('panel.result.moreDetails')}</summary>
      <dl>
        {rows.map(([k, v]) => (
          <Field key={k} label={k} value={typeof v === 'boolean' ? (v ? t('panel.result.yes') : t('panel.result.no')) : v} />
        ))}
      </dl>
    </details>
  );
}

export function PersonBlock({ person, heading = t('panel.result.person') }: { person: Person; heading?: string }) {
  return (
    <section aria-label={heading}>
      <h3>{person.fullName ?? [person.firstName, person.lastName].filter(Boolean).join(' ') ?? heading}</h3>
      <dl>
        <Field label={t('result.jobTitle')} value={person.jobTitle} />
        <Field label={t('panel.result.headline')} value={person.headline} />
        <Field label={t('result.company')} value={person.companyName} />
        <Field label={t('result.location')} value={person.location ?? [person.city, person.country].filter(Boolean).join(', ')} />
        <Field label={t('panel.result.confidence')} value={person.confidence} />
      </dl>
      {person.networkUrl && (
        <p>
          <SafeLink href={person.networkUrl}>{t('panel.result.profile')}</SafeLink>
        </p>
      )}
      {person.emails.length > 0 && (
        <>
          <h4>{t('result.emails')}</h4>
          <ul>{person.emails.map((e) => <EmailRow key={e.address} email={e} />)}</ul>
        </>
      )}
      {person.phones.length > 0 && (
        <>
          <h4>{t('result.phones')}</h4>
          <ul>{person.phones.map((p) => <PhoneRow key={p.e164} phone={p} />)}</ul>
        </>
      )}
      <MoreDetails extra={person.extra} />
    </section>
  );
}

export function CompanyBlock({ company }: { company: Company }) {
  return (
    <section aria-label={t('result.company')}>
      <h3>{company.name ?? t('result.company')}</h3>
      <dl>
        <Field label={t('panel.result.domain')} value={company.domain} />
        <Field label={t('panel.result.industry')} value={company.industry ?? company.industries?.join(', ')} />
        <Field label={t('panel.result.size')} value={company.size} />
        <Field label={t('panel.result.founded')} value={company.founded} />
        <Field label={t('panel.result.headquarters')} value={company.headquarters} />
        <Field label={t('panel.result.country')} value={company.country} />
        <Field label={t('panel.result.phone')} value={company.phone?.international} />
        <Field label={t('panel.result.confidence')} value={company.confidence} />
      </dl>
      {company.description && <p>{company.description}</p>}
      <p>
        {company.website && <SafeLink href={company.website}>{t('panel.result.website')}</SafeLink>}{' '}
        {company.networkUrl && <SafeLink href={company.networkUrl}>{t('panel.result.companyPage')}</SafeLink>}
      </p>
      <MoreDetails extra={company.extra} />
    </section>
  );
}

function CostLine({ response }: { response: LookupResponse }) {
  let line: string;
  if (response.fromLedger && response.paidAt !== null) line = t('cost.fromLedger', { date: formatDate(response.paidAt) });
  else if (response.status === 'paid') line = t(response.refreshed ? 'cost.refreshed' : 'cost.paid', { credits: credits(response.cost) });
  else if (response.status === 'free') line = t('cost.noCharge');
  else if (response.status === 'miss') line = t('cost.miss');
  // It did run: the message says what became of it and what the balance shows.
  else if (response.status === 'unknown') line = response.error?.message ?? t('spend.unknownNoDetails');
  else line = t('cost.notRun', { reason: response.error?.message ?? t('cost.didNotRun') });
  return (
    <p role={response.status === 'failed' || response.status === 'refused' || response.status === 'unknown' ? 'alert' : 'status'} className="cost-line">
      {line}
    </p>
  );
}

/** Renders any lookup's answer as text: React escapes it, links are http(s) only. */
export function ResultView({ response }: { response: LookupResponse }) {
  return (
    <div className="result">
      <CostLine response={response} />
      {response.value !== undefined && <ResultBody response={response} />}
    </div>
  );
}

/** Each operation's answer has its own type (`ResultOf`): checking `op` says which. */
function ResultBody({ response }: { response: LookupResponse }) {
  switch (response.op) {
    case 'enrichPerson':
      return (
        <>
          {response.value?.person && <PersonBlock person={response.value.person} />}
          {response.value?.company && <CompanyBlock company={response.value.company} />}
        </>
      );
    case 'enrichCompany':
      return response.value ? <CompanyBlock company={response.value} /> : null;
    case 'findWorkEmail': {
      const email = response.value?.email;
      const others = (response.value?.candidates ?? []).filter((c) => c.address !== email?.address);
      return (
        <section aria-label={t('panel.result.workEmail')}>
          <h3>{t('panel.result.workEmail')}</h3>
          {email ? <ul><EmailRow email={email} /></ul> : <p>{t('panel.result.noVerifiedEmail')}</p>}
          {others.length > 0 && (
            <>
              <h4>{t('panel.result.otherGuesses')}</h4>
              <ul>{others.map((c) => <EmailRow key={c.address} email={c} />)}</ul>
            </>
          )}
        </section>
      );
    }
    case 'searchPhone':
      return response.value?.person ? <PersonBlock person={response.value.person} heading={t('panel.result.phoneSearch')} /> : <p>{t('panel.result.noPhone')}</p>;
    case 'reversePhone':
      return response.value ? <PersonBlock person={response.value.person} heading={t('panel.result.reversePhone')} /> : null;
    case 'searchPersonalEmail':
      return response.value ? <PersonBlock person={response.value.person} heading={t('panel.result.personalEmail')} /> : null;
    case 'microblogProfile':
    case 'microblogByEmail': {
      const profile = response.value;
      if (!profile) return null;
      return (
        <section aria-label={t('panel.result.microblogProfile')}>
          <h3>@{profile.username}</h3>
          <dl>
            <Field label={t('panel.result.name')} value={profile.displayName} />
            <Field label={t('panel.result.bio')} value={profile.bio} />
            <Field label={t('result.location')} value={profile.location} />
            <Field label={t('panel.result.followers')} value={profile.followers} />
            <Field label={t('panel.result.following')} value={profile.following} />
          </dl>
          {profile.url && <SafeLink href={profile.url}>{t('panel.result.microblogProfile')}</SafeLink>}
          {profile.person && <PersonBlock person={profile.person} heading={t('panel.result.personBehind')} />}
        </section>
      );
    }
  }
}
