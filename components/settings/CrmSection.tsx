import { CrmSettings } from '@/components/crm/CrmSettings';
import { t } from '@/lib/i18n';

/** The heading belongs to the page's outline; the section itself is the CRM feature's. */
export function CrmSection({ generation }: { generation: number }) {
  return (
    <section aria-labelledby="crm-title">
      <h2 id="crm-title">{t('crm.title')}</h2>
      <CrmSettings generation={generation} />
    </section>
  );
}
