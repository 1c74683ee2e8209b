/**
 * The messages the in-page panel draws at its first paint, before React and the full catalog are in
 * (entrypoints/panel-frame/first-paint.ts): the panel's header controls and what its body says
 * before the card. Every language has the same keys in lib/platform/i18n/first-paint/panel-<lang>.ts,
 * and its full catalog spreads them in.
 */
export const enPanelFirstPaint = {
  'panel.moveLeft': 'Move Dossier panel to the left',
  'panel.moveRight': 'Move Dossier panel to the right',
  'panel.expand': 'Expand Dossier panel',
  'panel.collapse': 'Collapse Dossier panel',
  'panel.close': 'Close Dossier panel',
  'panel.nothingDetected': 'Nothing detected on this page yet. Open a profile, a company page or people search results.',
  'panel.companyPage': 'A company page',
  'panel.peopleSearch': 'People search results',
  'panel.profile': 'A profile',
  'panel.noKey': 'No API key is set, so nothing can be looked up yet.',
  'panel.connect': 'Connect your account',
  'panel.noCredits': 'Your account has no credits left. Add credits to your account, then refresh the balance in Dossier’s popup.',
} as const;
