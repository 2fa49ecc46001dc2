import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { Theme } from '@lend/contracts';
import { themeStyleRule } from './src/lib/theme';

const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/machine', '/api', '/operator', '/healthz'];

/**
 * The browser chrome colour and the theme's CSS properties come from the shared theme, not from
 * a copy in the HTML; prerendered pages are then themed before any script runs.
 */
function themeColour(): Plugin {
  return {
    name: 'lend-theme-colour',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'theme-color', content: Theme.background }, injectTo: 'head' },
      { tag: 'style', children: themeStyleRule(), injectTo: 'head' },
    ],
  };
}

/** The site's pictures stay files (cached a year) rather than data inlined into scripts and pages. */
const siteImages = /[\\/]features[\\/]site[\\/]images[\\/]/;

export default defineConfig({
  plugins: [react(), themeColour()],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // scripts/prerender.mjs reads it to link the site area's styles and scripts from each page.
    manifest: true,
    assetsInlineLimit: (file) => (siteImages.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely: one long-cached chunk shared by the areas.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
            // Only screens that validate answers need zod; keep it out of the areas' shared code.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
