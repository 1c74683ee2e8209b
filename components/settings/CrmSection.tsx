import { t } from '@/lib/i18n';

/** Filled in by the CRM issue; the heading is here so the page's outline is final. */
export function CrmSection() {
  return (
    <section aria-labelledby="crm-title">
      <h2 id="crm-title">{t('crm.title')}</h2>
      <p>{t('crm.none')}</p>
    </section>
  );
}
