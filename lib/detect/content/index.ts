/** What the content scripts need from the page readers. */
export { detectPage } from '@/lib/detect/content/detect';
export { pageKindFromUrl, microblogUsernameFromUrl } from '@/lib/detect/content/page-kind';
export { LOW_CONFIDENCE } from '@/lib/detect/detection';
export type { Detection, DetectedCompany, DetectedPerson, PageKind, SearchResultRow } from '@/lib/detect/detection';
