import type { StaffRole } from '@lend/contracts';
import type { BackofficeKey } from '../../locales/areas/backoffice.en';

/**
 * The back office's sections and the roles that open them, the same groups as the operator
 * routes' table on the server (docs/decisions/161, 166): the navigation shows a person only what
 * their role may use; the server refuses the rest anyway.
 */
export type Section = { path: string; label: BackofficeKey; roles: readonly StaffRole[]; ready: boolean };

const service: readonly StaffRole[] = ['agent', 'admin'];
const credit: readonly StaffRole[] = ['credit-officer', 'admin'];
const admin: readonly StaffRole[] = ['admin'];
/** The book's health: collections' agents and their supervisors, as its routes allow (docs/decisions/247). */
const book: readonly StaffRole[] = ['agent', 'admin'];
const everyone: readonly StaffRole[] = ['agent', 'credit-officer', 'admin'];

export const SECTIONS: readonly Section[] = [
  { path: '/complaints', label: 'bo.nav.complaints', roles: service, ready: true },
  { path: '/contact-messages', label: 'bo.nav.contactMessages', roles: service, ready: true },
  { path: '/privacy-requests', label: 'bo.nav.privacyRequests', roles: service, ready: true },
  { path: '/borrowers', label: 'bo.nav.borrowers', roles: everyone, ready: true },
  { path: '/applications', label: 'bo.nav.applications', roles: credit, ready: true },
  // Credit officers read the queue and files to write off, settle and place orders with agencies (docs/decisions/249).
  { path: '/collections', label: 'bo.nav.collections', roles: everyone, ready: true },
  { path: '/book-health', label: 'bo.nav.bookHealth', roles: book, ready: true },
  { path: '/orders', label: 'bo.nav.orders', roles: credit, ready: true },
  { path: '/payments', label: 'bo.nav.payments', roles: credit, ready: true },
  { path: '/campaigns', label: 'bo.nav.campaigns', roles: admin, ready: true },
  { path: '/configuration', label: 'bo.nav.configuration', roles: admin, ready: true },
  { path: '/staff', label: 'bo.nav.staff', roles: admin, ready: true },
  { path: '/audit', label: 'bo.nav.audit', roles: admin, ready: true },
];

export function sectionsFor(role: StaffRole): Section[] {
  return SECTIONS.filter((section) => section.roles.includes(role));
}

/** The section an address belongs to: its first path segment. */
export function sectionOf(path: string): Section | undefined {
  const first = `/${path.split('/')[1] ?? ''}`;
  return SECTIONS.find((section) => section.path === first);
}
