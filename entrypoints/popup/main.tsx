import '@/entrypoints/popup/boot';
import '@/components/base.css';
import { renderPage } from '@/components/page-root';
import { t } from '@/lib/i18n';
import { Popup } from '@/entrypoints/popup/Popup';

renderPage(document.getElementById('root')!, () => <Popup />, { title: () => t('app.name') });
