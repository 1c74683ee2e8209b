import { startEarlyRead } from '@/lib/popup/early-read';

/**
 * The popup's first script, classic and small, in its page's head (entrypoints/popup/index.html):
 * it starts the vault read while the browser parses the page and fetches its modules
 * (lib/popup/early-read.ts). Built by WXT as /popup-read.js.
 */
export default defineUnlistedScript(() => startEarlyRead());
