import styles from '@/components/panel/panel.css?inline';
import { PanelHost } from '@/components/panel/PanelHost';
import { renderPage } from '@/components/page-root';
import { t } from '@/lib/i18n';
import { languageMirrorItem } from '@/lib/settings/language-mirror';
import { themeMirrorItem } from '@/lib/settings/theme-mirror';
import { watchPanelVisibility } from '@/lib/panel/visibility-observer';
import { installSpendGuard } from '@/components/spend-gate';

// The panel's stylesheet targets a shadow host; here the frame's document hosts it, and the
// frame (sized by the content script from what it measures) is the panel's only box. The
// document is what scrolls: the panel must not be a scroller of its own, or its sticky header
// would stick to a box that never scrolls and leave with the card. The scroll padding keeps what
// the keyboard focuses from landing under that header.
const style = document.createElement('style');
style.textContent = `${styles.replaceAll(':host', ':root')}
html, body { margin: 0; background: transparent; }
html { scroll-padding-top: 48px; }
.panel { width: 100%; max-height: none; overflow: visible; box-shadow: none; }`;
document.head.append(style);
// The page around this frame can lay something over it and pass the user's click through: a click
// here spends only if the panel was seen, uncovered, for a moment before it (lib/panel/visibility-guard.ts).
// Watched from the first moment, so the time it has been seen counts from when it appeared.
installSpendGuard(watchPanelVisibility(document).guard);
// A frame inside a web page cannot open the vault: it follows the worker's copy of the language and theme.
renderPage(document.getElementById('root')!, () => <PanelHost />, { title: () => t('app.name'), language: languageMirrorItem, theme: themeMirrorItem });
