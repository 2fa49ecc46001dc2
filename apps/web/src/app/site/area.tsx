import { createBrowserRouter } from 'react-router';
import { mountRouter } from '../mount';
import { siteRoutes } from './routes';

export function mount(container: HTMLElement): void {
  mountRouter(container, createBrowserRouter(siteRoutes));
}
