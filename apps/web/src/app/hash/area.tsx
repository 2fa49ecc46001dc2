import { restoreCheckoutSession } from '../../features/card-repayment/checkout-return';
import { hashCatalogues } from '../../lib/i18n/hash';
import { createHashHistory } from '../../lib/router';
import { mountScreenArea } from '../screen-area';
import { hashRoutes } from './routes';

export function mount(container: HTMLElement): Promise<void> {
  restoreCheckoutSession();
  return mountScreenArea(container, createHashHistory(), { routes: hashRoutes, catalogues: hashCatalogues });
}
