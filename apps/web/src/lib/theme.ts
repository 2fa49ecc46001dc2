import { Theme } from '@lend/contracts';

/** Publishes the shared theme as CSS custom properties; stylesheets only ever read these. */
export function applyTheme(root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--brand', Theme.background);
  root.style.setProperty('--brand-link', Theme.link);
  root.style.setProperty('--on-brand', Theme.font);
}
