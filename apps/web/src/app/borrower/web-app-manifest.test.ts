import { Theme } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { webAppManifest } from './web-app-manifest';

describe("each market's web app manifest (docs/decisions/240)", () => {
  it("opens on the borrower's home in the market's language, in the brand's colours, as an app of its own", () => {
    expect(webAppManifest('MX', 'Lend')).toMatchObject({ id: '/home?market=MX', lang: 'es-MX', start_url: '/home?language=2', scope: '/', display: 'standalone', name: 'Lend' });
    expect(webAppManifest('IN', 'Lend')).toMatchObject({ id: '/home?market=IN', lang: 'en-IN', start_url: '/home?language=1', theme_color: Theme.background, background_color: Theme.background });
  });

  it('has icons of 192 and 512 pixels for any shape and for a mask', () => {
    const icons = webAppManifest('MX', 'Lend').icons.map((icon) => `${icon.sizes} ${icon.purpose} ${icon.type}`);
    expect(icons).toEqual(['192x192 any image/png', '512x512 any image/png', '192x192 maskable image/png', '512x512 maskable image/png']);
  });
});
