/** Development only: screen previews for a throwaway borrower. */
export { previewRoutes } from './preview-routes';
export type { DemoBorrower, PreviewBorrowers } from './preview-service';
