import '@/components/base.css';
import '@/components/bulk/bulk.css';
import { createRoot } from 'react-dom/client';
import { BulkPage } from '@/components/bulk/BulkPage';

createRoot(document.getElementById('root')!).render(<BulkPage />);
