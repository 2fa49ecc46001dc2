/**
 * List exports: every list the back office shows, downloadable as CSV with the filters the screen
 * applied, streamed a page at a time and audited (docs/decisions/237). Owns no table: each list is
 * read through the page function of the module that owns it.
 */
export { listExportRoutes } from './list-export-routes';
