import { createRoot } from 'react-dom/client';
import styles from '@/components/panel/panel.css?inline';
import { PanelHost } from '@/components/panel/PanelHost';

// The panel's stylesheet targets a shadow host; here the frame's document hosts it, and the
// frame (sized by the content script from what it measures) is the panel's only box.
const style = document.createElement('style');
style.textContent = `${styles.replaceAll(':host', ':root')}
html, body { margin: 0; background: transparent; }
.panel { width: 100%; max-height: none; box-shadow: none; }`;
document.head.append(style);
createRoot(document.getElementById('root')!).render(<PanelHost />);
