import styles from '@/components/panel/panel.css?inline';
import { renderPage } from '@/components/page-root';
import { t } from '@/lib/i18n';
import { SidePanel } from '@/entrypoints/sidepanel/SidePanel';

// The panel's stylesheet targets a shadow host; here the document itself hosts it.
const style = document.createElement('style');
style.textContent = styles.replaceAll(':host', ':root');
document.head.append(style);
renderPage(document.getElementById('root')!, () => <SidePanel />, { title: () => t('app.name') });
