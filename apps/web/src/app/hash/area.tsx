import { createHashRouter } from 'react-router';
import { restoreCheckoutSession } from '../../features/card-repayment/checkout-return';
import { mountRouter } from '../mount';
import { hashRoutes } from './routes';

export function mount(container: HTMLElement): void {
  restoreCheckoutSession();
  mountRouter(container, createHashRouter(hashRoutes));
}
