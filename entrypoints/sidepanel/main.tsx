import styles from '@/components/panel/panel.css?inline';
import { renderPage } from '@/components/platform/page-root';
import { t } from '@/lib/platform/i18n';
import { SidePanel } from '@/entrypoints/sidepanel/SidePanel';

// The panel's stylesheet targets a shadow host; here the document itself hosts it, and the
// browser's side panel is its box: the panel fills it, and the document scrolls under the
// panel's sticky header (see entrypoints/panel-frame/main.ts).
const style = document.createElement('style');
style.textContent = `${styles.replaceAll(':host', ':root')}
html, body { margin: 0; }
html { scroll-padding-top: 48px; }
.panel { width: 100%; max-height: none; overflow: visible; border: none; border-radius: 0; box-shadow: none; }`;
document.head.append(style);
renderPage(document.getElementById('root')!, () => <SidePanel />, { title: () => t('app.name') });
