import { createHashRouter } from 'react-router';
import { mountRouter } from '../mount';
import { hashRoutes } from './routes';

export function mount(container: HTMLElement): void {
  mountRouter(container, createHashRouter(hashRoutes));
}
