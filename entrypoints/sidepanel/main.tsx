import { createRoot } from 'react-dom/client';
import styles from '@/components/panel/panel.css?inline';
import { SidePanel } from './SidePanel';

// The panel's stylesheet targets a shadow host; here the document itself hosts it.
const style = document.createElement('style');
style.textContent = styles.replaceAll(':host', ':root');
document.head.append(style);
createRoot(document.getElementById('root')!).render(<SidePanel />);
