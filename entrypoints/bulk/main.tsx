import '@/components/base.css';
import '@/components/bulk/bulk.css';
import { BulkPage } from '@/components/bulk/BulkPage';
import { renderPage } from '@/components/platform/page-root';
import { t } from '@/lib/platform/i18n';

renderPage(document.getElementById('root')!, () => <BulkPage />, { title: () => t('page.title.bulk') });
