import '@/components/base.css';
import '@/components/book/book.css';
import { ContactBook } from '@/components/book/ContactBook';
import { renderPage } from '@/components/page-root';
import { t } from '@/lib/i18n';

renderPage(document.getElementById('root')!, () => <ContactBook />, { title: () => t('page.title.book') });
