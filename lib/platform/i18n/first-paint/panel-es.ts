import type { PanelFirstPaintCatalog } from '@/lib/platform/i18n/catalog';

/** The in-page panel's first-paint messages in Spanish (lib/platform/i18n/first-paint/panel-en.ts says what they are). */
export const esPanelFirstPaint = {
  'panel.moveLeft': 'Mover el panel de Dossier a la izquierda',
  'panel.moveRight': 'Mover el panel de Dossier a la derecha',
  'panel.expand': 'Desplegar el panel de Dossier',
  'panel.collapse': 'Plegar el panel de Dossier',
  'panel.close': 'Cerrar el panel de Dossier',
  'panel.nothingDetected': 'Aún no se ha detectado nada en esta página. Abra un perfil, una página de empresa o resultados de búsqueda de personas.',
  'panel.companyPage': 'Una página de empresa',
  'panel.peopleSearch': 'Resultados de búsqueda de personas',
  'panel.profile': 'Un perfil',
  'panel.noKey': 'No hay ninguna clave de API definida, así que aún no se puede consultar nada.',
  'panel.connect': 'Conectar su cuenta',
  'panel.noCredits': 'Su cuenta no tiene créditos. Añada créditos a su cuenta y luego actualice el saldo en la ventana emergente de Dossier.',
} as const satisfies PanelFirstPaintCatalog;
