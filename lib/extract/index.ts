/** What the content scripts need from the page readers. */
export { detectPage } from './detect';
export { pageKindFromUrl, microblogUsernameFromUrl } from './page-kind';
export { LOW_CONFIDENCE } from './detection';
export type { Detection, DetectedCompany, DetectedPerson, PageKind, SearchResultRow } from './detection';
