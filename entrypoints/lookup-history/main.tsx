import '@/components/base.css';
import { createRoot } from 'react-dom/client';
import { HistoryPage } from './HistoryPage';

createRoot(document.getElementById('root')!).render(<HistoryPage />);
