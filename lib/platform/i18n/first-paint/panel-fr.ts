import type { PanelFirstPaintCatalog } from '@/lib/platform/i18n/catalog';

/** The in-page panel's first-paint messages in French (lib/platform/i18n/first-paint/panel-en.ts says what they are). */
export const frPanelFirstPaint = {
  'panel.moveLeft': 'Déplacer le panneau Dossier à gauche',
  'panel.moveRight': 'Déplacer le panneau Dossier à droite',
  'panel.expand': 'Déplier le panneau Dossier',
  'panel.collapse': 'Replier le panneau Dossier',
  'panel.close': 'Fermer le panneau Dossier',
  'panel.nothingDetected': 'Rien n’a encore été détecté sur cette page. Ouvrez un profil, une page entreprise ou des résultats de recherche de personnes.',
  'panel.companyPage': 'Une page entreprise',
  'panel.peopleSearch': 'Résultats de recherche de personnes',
  'panel.profile': 'Un profil',
  'panel.noKey': 'Aucune clé API n’est définie : rien ne peut encore être recherché.',
  'panel.connect': 'Connecter votre compte',
  'panel.noCredits': 'Votre compte n’a plus de crédits. Ajoutez des crédits à votre compte, puis actualisez le solde dans la fenêtre de Dossier.',
} as const satisfies PanelFirstPaintCatalog;
