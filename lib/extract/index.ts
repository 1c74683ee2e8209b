/** What the content scripts need from the page readers. */
export { detectPage } from '@/lib/extract/detect';
export { pageKindFromUrl, microblogUsernameFromUrl } from '@/lib/extract/page-kind';
export { LOW_CONFIDENCE } from '@/lib/extract/detection';
export type { Detection, DetectedCompany, DetectedPerson, PageKind, SearchResultRow } from '@/lib/extract/detection';
