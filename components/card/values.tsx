import type { CompanyContact, EmailFact, PhoneFact } from '@/lib/book/model';
import { t, type MessageKey } from '@/lib/platform/i18n';
import { mailtoHref, safeHttpUrl, telHref } from '@/lib/platform/ui/safe-url';
import { CopyButton } from '@/components/panel/CopyButton';
import { saidAt } from '@/lib/book/freshness';
import { FreshnessBadge } from '@/components/card/Freshness';

/**
 * One value per line, each with its copy button. Gateway data is untrusted: React renders it as
 * text, and only `mailto:`, `tel:`, `https://wa.me/` and http(s) links are made.
 */

const GRADE_CLASS: Record<EmailFact['grade'], string> = { verified: 'badge ok', catch_all: 'badge', most_probable: 'badge warn', unverified: 'badge warn' };

/** `gone`: they left the company this address was at (a job change); said in words, not only a colour. */
export function EmailValue({ email, now, gone }: { email: EmailFact; now: number; gone?: { company: string } }) {
  const href = mailtoHref(email.address);
  const hint = email.grade === 'catch_all' || email.grade === 'most_probable' ? t(`card.gradeHint.${email.grade}`) : undefined;
  return (
    <li className={gone ? 'card-value card-value-gone' : 'card-value'}>
      {href ? <a href={href}>{email.address}</a> : <span>{email.address}</span>}{' '}
      <span className={GRADE_CLASS[email.grade]} title={hint}>
        {t(`card.grade.${email.grade}`)}
      </span>{' '}
      {gone && (
        <>
          <span className="badge warn" title={t('card.probablyGoneHint', { company: gone.company })}>
            {t('card.probablyGone')}
          </span>{' '}
        </>
      )}
      {/* When it was found is in the row's menu; said here only once it is ageing (lib/book/freshness.ts). */}
      <FreshnessBadge kind="email" at={saidAt(email)} now={now} withAge />{' '}
      <CopyButton value={email.address} label={t('card.copyEmail', { address: email.address })} />
    </li>
  );
}

const PHONE_KIND = {
  mobile: 'card.phone.mobile',
  landline: 'card.phone.landline',
  work: 'card.phone.work',
} as const satisfies Record<Exclude<PhoneFact['kind'], 'unknown'>, MessageKey>;

/** A chat link takes the number's digits only. */
function whatsappHref(e164: string): string | null {
  return telHref(e164) ? `https://wa.me/${e164.slice(1)}` : null;
}

export function PhoneValue({ phone, now }: { phone: PhoneFact; now: number }) {
  const href = telHref(phone.e164);
  const chat = phone.whatsapp ? whatsappHref(phone.e164) : null;
  return (
    <li className="card-value">
      {href ? <a href={href}>{phone.international}</a> : <span>{phone.international}</span>}
      {/* As the gateway says it; a number of no stated kind is not labelled at all. */}
      {phone.kind !== 'unknown' && <span className="badge"> {t(PHONE_KIND[phone.kind])}</span>}{' '}
      {chat && (
        <a href={chat} target="_blank" rel="noopener noreferrer" aria-label={t('card.whatsappLink', { number: phone.international })}>
          {t('card.whatsapp')}
        </a>
      )}
      {phone.whatsapp === false && <span className="muted">{t('card.notOnWhatsapp')}</span>}{' '}
      <FreshnessBadge kind="phone" at={saidAt(phone)} now={now} withAge />{' '}
      <CopyButton value={phone.e164} label={t('card.copyPhone', { number: phone.international })} />
    </li>
  );
}

export function HandleValue({ handle }: { handle: string }) {
  const shown = `@${handle.replace(/^@/, '')}`;
  return (
    <li className="card-value">
      <span>{shown}</span> <CopyButton value={shown} label={t('card.copyHandle', { handle: shown })} />
    </li>
  );
}

type FactLabel = Exclude<Extract<MessageKey, `card.company.${string}`>, 'card.company.sizeSummary'> | 'card.link.website';

function Fact({ label, value }: { label: FactLabel; value: string | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{t(label)}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** The company's facts, as far as they are known: on a person's card folded under a one-line summary. */
export function CompanyFacts({ company, open }: { company: CompanyContact; open: boolean }) {
  const website = safeHttpUrl(company.website?.value);
  const facts = (
    <>
      <dl className="card-facts">
        <Fact label="card.company.domain" value={company.domain?.value} />
        <Fact label="card.company.industry" value={company.industry?.value} />
        <Fact label="card.company.size" value={company.size?.value} />
        <Fact label="card.company.employees" value={company.employeeCount?.value} />
        <Fact label="card.company.founded" value={company.founded?.value} />
        <Fact label="card.company.headquarters" value={company.headquarters?.value} />
        <Fact label="card.company.country" value={company.country?.value} />
        <Fact label="card.company.phone" value={company.phone?.international} />
        {/* A website the gateway gave that is not http(s) is shown as text, never as a link. */}
        {!website && <Fact label="card.link.website" value={company.website?.value} />}
      </dl>
      {company.description && <p className="card-about">{company.description.value}</p>}
    </>
  );
  if (open) return facts;
  const summary = [company.name?.value, company.industry?.value, company.size?.value && t('card.company.sizeSummary', { size: company.size.value })].filter(Boolean).join(' · ');
  return (
    <details className="card-company-details">
      <summary>{summary || t('card.company.details')}</summary>
      {facts}
    </details>
  );
}
