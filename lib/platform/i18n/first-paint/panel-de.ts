import type { PanelFirstPaintCatalog } from '@/lib/platform/i18n/catalog';

/** The in-page panel's first-paint messages in German (lib/platform/i18n/first-paint/panel-en.ts says what they are). */
export const dePanelFirstPaint = {
  'panel.moveLeft': 'Dossier-Panel nach links verschieben',
  'panel.moveRight': 'Dossier-Panel nach rechts verschieben',
  'panel.expand': 'Dossier-Panel aufklappen',
  'panel.collapse': 'Dossier-Panel zuklappen',
  'panel.close': 'Dossier-Panel schließen',
  'panel.nothingDetected': 'Auf dieser Seite wurde noch nichts erkannt. Öffnen Sie ein Profil, eine Unternehmensseite oder Personensuchergebnisse.',
  'panel.companyPage': 'Eine Unternehmensseite',
  'panel.peopleSearch': 'Personensuchergebnisse',
  'panel.profile': 'Ein Profil',
  'panel.noKey': 'Es ist kein API-Schlüssel hinterlegt, daher kann noch nichts abgefragt werden.',
  'panel.connect': 'Konto verbinden',
  'panel.noCredits': 'Ihr Konto hat keine Credits mehr. Laden Sie Ihr Konto auf und aktualisieren Sie dann das Guthaben im Dossier-Pop-up.',
} as const satisfies PanelFirstPaintCatalog;
