import '@/components/base.css';
import { renderPage } from '@/components/page-root';
import { t } from '@/lib/i18n';
import { HistoryPage } from '@/entrypoints/lookup-history/HistoryPage';

renderPage(document.getElementById('root')!, () => <HistoryPage />, { title: () => t('page.title.history') });
