import '@/components/base.css';
import { PanelModeChoice } from '@/components/PanelModeChoice';
import { renderPage } from '@/components/page-root';
import { startPreferencesMirror } from '@/components/stores/preferences';
import { t } from '@/lib/i18n';

/**
 * The first-run question, opened by the worker in a tab of its own beside the first profile
 * visited (lib/background/panel-service.ts says why not in the page). Once answered, the worker
 * brings the profile's tab back, with its frame when the user chose the in-page panel.
 */
startPreferencesMirror();
const tab = Number(new URLSearchParams(location.search).get('tab'));
const tabId = Number.isInteger(tab) && tab > 0 ? tab : undefined;

renderPage(
  document.getElementById('root')!,
  () => (
    <>
      <h1>{t('app.name')}</h1>
      <p>{t('panelMode.question')}</p>
      <PanelModeChoice tabId={tabId} onChosen={() => window.close()} />
    </>
  ),
  { title: () => t('panelMode.title') },
);
