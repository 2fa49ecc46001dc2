import { borrowerCatalogues } from '../../lib/i18n/borrower';
import { createBrowserHistory } from '../../lib/router';
import { mountScreenArea } from '../screen-area';
import { borrowerRoutes } from './routes';

export function mount(container: HTMLElement): Promise<void> {
  return mountScreenArea(container, createBrowserHistory(), { routes: borrowerRoutes, catalogues: borrowerCatalogues });
}
