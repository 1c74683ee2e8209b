import { t } from '@/lib/platform/i18n';

/** The settings' sections, in the page's order: everyday ones first, the technical ones last. */
export const SECTION_IDS = ['account', 'spending', 'pages', 'safety', 'crm', 'webmail', 'privacy', 'company', 'language', 'advanced'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export function sectionTitle(id: SectionId): string {
  switch (id) {
    case 'account':
      return t('connection.title');
    case 'spending':
      return t('spending.title');
    case 'pages':
      return t('pageAccess.title');
    case 'safety':
      return t('networkSafety.title');
    case 'crm':
      return t('crm.title');
    case 'webmail':
      return t('webmail.settings.title');
    case 'privacy':
      return t('privacy.title');
    case 'company':
      return t('notice.settings.title');
    case 'language':
      return t('settings.section.language');
    case 'advanced':
      return t('settings.section.advanced');
  }
}

/**
 * The section being read: the last whose top has reached the top of the scrolled box (`tops` are
 * the sections' tops measured from it, in order); the last section once the box is scrolled to
 * its end, as a short last section never reaches the top.
 */
export function currentSection(tops: number[], atEnd: boolean, slack = 24): number {
  if (tops.length === 0) return -1;
  if (atEnd) return tops.length - 1;
  let current = 0;
  tops.forEach((top, index) => {
    if (top <= slack) current = index;
  });
  return current;
}
