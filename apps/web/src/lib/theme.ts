import { Theme } from '@lend/contracts';

/** The shared theme as CSS custom properties; stylesheets only ever read these. */
export const THEME_PROPERTIES: Readonly<Record<string, string>> = {
  '--brand': Theme.background,
  '--brand-link': Theme.link,
  '--on-brand': Theme.font,
};

/** The same properties as a `:root` rule, written into the HTML so pages are themed before scripts run. */
export function themeStyleRule(): string {
  return `:root{${Object.entries(THEME_PROPERTIES)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/** Publishes the theme on the root element (it is already in the HTML's head; this keeps them equal). */
export function applyTheme(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(THEME_PROPERTIES)) root.style.setProperty(name, value);
}
