import '@/components/base.css';
import { createRoot } from 'react-dom/client';
import { SettingsPage } from '@/components/settings/SettingsPage';

createRoot(document.getElementById('root')!).render(<SettingsPage />);
