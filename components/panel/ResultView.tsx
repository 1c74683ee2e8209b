import type { Company, EmailResult, Person, Phone } from '@/lib/api/model';
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
        {email.verified ? 'verified' : email.status === 'most_probable' ? 'unverified: most probable, not billed' : 'unverified'}
      </span>{' '}
      <CopyButton value={email.address} label={`email ${email.address}`} />
    </li>
  );
}

function PhoneRow({ phone }: { phone: Phone }) {
  const href = telHref(phone.e164);
  const whatsapp = phone.whatsapp === true ? 'on WhatsApp' : phone.whatsapp === false ? 'not on WhatsApp' : null;
  return (
    <li>
      {href ? <a href={href}>{phone.international}</a> : <span>{phone.international}</span>}
      {phone.type && <span className="muted"> · {phone.type}</span>}
      {whatsapp && <span className="badge"> {whatsapp}</span>}{' '}
      <CopyButton value={phone.e164} label={`phone ${phone.international}`} />
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
      <summary>More details</summary>
      <dl>
        {rows.map(([k, v]) => (
          <Field key={k} label={k} value={typeof v === 'boolean' ? (v ? 'yes' : 'no') : v} />
        ))}
      </dl>
    </details>
  );
}

export function PersonBlock({ person, heading = 'Person' }: { person: Person; heading?: string }) {
  return (
    <section aria-label={heading}>
      <h3>{person.fullName ?? [person.firstName, person.lastName].filter(Boolean).join(' ') ?? heading}</h3>
      <dl>
        <Field label="Job title" value={person.jobTitle} />
        <Field label="Headline" value={person.headline} />
        <Field label="Company" value={person.companyName} />
        <Field label="Location" value={person.location ?? [person.city, person.country].filter(Boolean).join(', ')} />
        <Field label="Confidence" value={person.confidence} />
      </dl>
      {person.networkUrl && (
        <p>
          <SafeLink href={person.networkUrl}>Profile</SafeLink>
        </p>
      )}
      {person.emails.length > 0 && (
        <>
          <h4>Emails</h4>
          <ul>{person.emails.map((e) => <EmailRow key={e.address} email={e} />)}</ul>
        </>
      )}
      {person.phones.length > 0 && (
        <>
          <h4>Phones</h4>
          <ul>{person.phones.map((p) => <PhoneRow key={p.e164} phone={p} />)}</ul>
        </>
      )}
      <MoreDetails extra={person.extra} />
    </section>
  );
}

export function CompanyBlock({ company }: { company: Company }) {
  return (
    <section aria-label="Company">
      <h3>{company.name ?? 'Company'}</h3>
      <dl>
        <Field label="Domain" value={company.domain} />
        <Field label="Industry" value={company.industry ?? company.industries?.join(', ')} />
        <Field label="Size" value={company.size} />
        <Field label="Founded" value={company.founded} />
        <Field label="Headquarters" value={company.headquarters} />
        <Field label="Country" value={company.country} />
        <Field label="Phone" value={company.phone?.international} />
        <Field label="Confidence" value={company.confidence} />
      </dl>
      {company.description && <p>{company.description}</p>}
      <p>
        {company.website && <SafeLink href={company.website}>Website</SafeLink>}{' '}
        {company.networkUrl && <SafeLink href={company.networkUrl}>Company page</SafeLink>}
      </p>
      <MoreDetails extra={company.extra} />
    </section>
  );
}

function CostLine({ response }: { response: LookupResponse }) {
  let line: string;
  if (response.fromLedger && response.paidAt !== null) line = `Already looked up on ${formatDate(response.paidAt)}: free.`;
  else if (response.status === 'paid') line = `${response.refreshed ? 'Refreshed: paid again' : 'Paid'} ${credits(response.cost)}.`;
  else if (response.status === 'free') line = 'No charge.';
  else if (response.status === 'miss') line = 'No match found. Nothing was charged.';
  else line = `${response.error?.message ?? 'The lookup did not run.'} Nothing was charged.`;
  return (
    <p role={response.status === 'failed' || response.status === 'refused' ? 'alert' : 'status'} className="cost-line">
      {line}
    </p>
  );
}

/** Renders any lookup's answer as text: React escapes it, links are http(s) only. */
export function ResultView({ response }: { response: LookupResponse }) {
  const value = response.value;
  return (
    <div className="result">
      <CostLine response={response} />
      {isRec(value) && <ResultBody op={response.op} value={value} />}
    </div>
  );
}

function ResultBody({ op, value }: { op: string; value: Rec }) {
  switch (op) {
    case 'enrichPerson':
    case 'enrichCompany':
      if (op === 'enrichCompany' && !('person' in value) && !('company' in value)) return <CompanyBlock company={value as unknown as Company} />;
      return (
        <>
          {isRec(value.person) && <PersonBlock person={value.person as unknown as Person} />}
          {isRec(value.company) && <CompanyBlock company={value.company as unknown as Company} />}
        </>
      );
    case 'findWorkEmail': {
      const email = value.email as EmailResult | undefined;
      const candidates = (value.candidates as EmailResult[] | undefined) ?? [];
      return (
        <section aria-label="Work email">
          <h3>Work email</h3>
          {email ? <ul><EmailRow email={email} /></ul> : <p>No address could be verified.</p>}
          {candidates.filter((c) => c.address !== email?.address).length > 0 && (
            <>
              <h4>Other unverified guesses</h4>
              <ul>{candidates.filter((c) => c.address !== email?.address).map((c) => <EmailRow key={c.address} email={c} />)}</ul>
            </>
          )}
        </section>
      );
    }
    case 'searchPhone':
      return isRec(value.person) ? <PersonBlock person={value.person as unknown as Person} heading="Phone search" /> : <p>No phone found.</p>;
    case 'reversePhone':
      return isRec(value.person) ? <PersonBlock person={value.person as unknown as Person} heading="Reverse phone lookup" /> : null;
    case 'searchPersonalEmail':
      return isRec(value.person) ? <PersonBlock person={value.person as unknown as Person} heading="Personal email" /> : null;
    case 'microblogProfile':
    case 'microblogByEmail':
      return (
        <section aria-label="Microblog profile">
          <h3>@{text(value.username) ?? ''}</h3>
          <dl>
            <Field label="Name" value={value.displayName} />
            <Field label="Bio" value={value.bio} />
            <Field label="Location" value={value.location} />
            <Field label="Followers" value={value.followers} />
            <Field label="Following" value={value.following} />
          </dl>
          {typeof value.url === 'string' && <SafeLink href={value.url}>Microblog profile</SafeLink>}
          {isRec(value.person) && <PersonBlock person={value.person as unknown as Person} heading="Person behind the account" />}
        </section>
      );
    default:
      return null;
  }
}
