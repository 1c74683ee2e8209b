import '@/components/base.css';
import '@/components/welcome/welcome.css';
import { renderPage } from '@/components/platform/page-root';
import { Welcome } from '@/components/welcome/Welcome';
import { t } from '@/lib/platform/i18n';

renderPage(document.getElementById('root')!, () => <Welcome />, { title: () => t('page.title.welcome') });
