import { t } from '@/lib/i18n';
import { formatDay } from '@/lib/i18n/relative-time';
import type { LookupResponse } from '@/lib/lookup/service';
import { credits } from './price';
import { answered, factsOf } from './result-facts';

function costLine(response: LookupResponse): string {
  if (response.fromLedger && response.paidAt !== null) return t('cost.fromLedger', { date: formatDay(response.paidAt) });
  switch (response.status) {
    case 'paid':
      return t(response.refreshed ? 'cost.refreshed' : 'cost.paid', { credits: credits(response.cost) });
    case 'free':
    case 'cached':
      return t('cost.noCharge');
    case 'miss':
      return t('cost.miss');
    case 'unknown':
      return response.error?.message ?? t('spend.unknownNoDetails');
    default:
      return t('cost.notRun', { reason: response.error?.message ?? t('cost.didNotRun') });
  }
}

/** A lookup's answer in a few lines; everything is rendered as text. */
export function LookupResult({ response }: { response: LookupResponse }) {
  const facts = factsOf(answered(response));
  const failed = response.status === 'failed' || response.status === 'refused' || response.status === 'unknown';
  return (
    <section aria-labelledby="result-title" className="result">
      <h2 id="result-title">{t('result.title')}</h2>
      <p className={failed ? 'error-text' : 'ok-text'} data-testid="lookup-cost">
        {costLine(response)}
      </p>
      {facts && (
        <>
          {facts.name && <p className="result-name">{facts.name}</p>}
          <dl className="facts">
            {facts.jobTitle && (
              <>
                <dt>{t('result.jobTitle')}</dt>
                <dd>{facts.jobTitle}</dd>
              </>
            )}
            {facts.company && (
              <>
                <dt>{t('result.company')}</dt>
                <dd>{facts.company}</dd>
              </>
            )}
          </dl>
          {facts.emails.length > 0 && (
            <>
              <h3>{t('result.emails')}</h3>
              <ul className="plain">
                {facts.emails.map((email) => (
                  <li key={email.address}>
                    {email.address}{' '}
                    <span className={email.verified ? 'badge ok' : 'badge warn'}>
                      {email.verified ? t('result.verified') : email.status === 'most_probable' ? t('result.mostProbable') : t('result.unverified')}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {facts.phones.length > 0 && (
            <>
              <h3>{t('result.phones')}</h3>
              <ul className="plain">
                {facts.phones.map((phone) => (
                  <li key={phone.e164}>
                    {phone.international}
                    {phone.whatsapp !== undefined && (
                      <>
                        {' '}
                        <span className="badge">{phone.whatsapp ? t('result.onWhatsapp') : t('result.notOnWhatsapp')}</span>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
