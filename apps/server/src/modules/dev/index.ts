/** Development only: screen previews for a throwaway borrower. */
export { previewRoutes } from './preview-routes';
