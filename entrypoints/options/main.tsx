import '@/components/base.css';
import { createRoot } from 'react-dom/client';
import { ConnectionSettings } from '@/components/ConnectionSettings';

createRoot(document.getElementById('root')!).render(
  <>
    <h1>Dossier settings</h1>
    <ConnectionSettings />
  </>,
);
