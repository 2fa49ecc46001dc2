/**
 * Staff notes on a borrower, an order and a complaint: written by a named person, audited with
 * their text, never changed or removed after (docs/decisions/236). Owns `staff_notes`; checks each
 * subject exists through the module that owns it (`sessions`, `orders`, `complaints`).
 */
export { staffNoteRoutes } from './note-routes';
