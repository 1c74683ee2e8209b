import '@/components/base.css';
import { renderPage } from '@/components/platform/page-root';
import { SettingsPage } from '@/components/settings/SettingsPage';
import { t } from '@/lib/platform/i18n';

renderPage(document.getElementById('root')!, () => <SettingsPage />, { title: () => t('page.title.settings') });
