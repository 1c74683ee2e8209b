import '@/components/base.css';
import { renderPage } from '@/components/page-root';
import { SettingsPage } from '@/components/settings/SettingsPage';
import { t } from '@/lib/i18n';

renderPage(document.getElementById('root')!, () => <SettingsPage />, { title: () => t('page.title.settings') });
