import { createBrowserRouter } from 'react-router';
import { mountRouter } from '../mount';
import { borrowerRoutes } from './routes';

export function mount(container: HTMLElement): void {
  mountRouter(container, createBrowserRouter(borrowerRoutes));
}
