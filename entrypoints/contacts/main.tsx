import '@/components/base.css';
import '@/components/book/book.css';
import { createRoot } from 'react-dom/client';
import { ContactBook } from '@/components/book/ContactBook';

createRoot(document.getElementById('root')!).render(<ContactBook />);
