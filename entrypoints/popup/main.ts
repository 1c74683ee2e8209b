import '@/components/base.css';

/**
 * The popup's module. Its first paint is drawn by the classic script in the page's head
 * (entrypoints/popup-first.ts) before any module runs; start.ts waits for it, then loads the
 * React popup. Only a dynamic import here: this entry's own chunk is where the bundler merges
 * small chunks loaded after it (React's among them), which would then load before the first paint.
 */
const root = document.getElementById('root')!;
void import('@/entrypoints/popup/start').then(({ start }) => start(root));
