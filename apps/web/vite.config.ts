import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { Theme } from '@lend/contracts';

const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/machine', '/api', '/operator', '/healthz'];

/** The browser chrome colour comes from the shared theme, not from a copy in the HTML. */
function themeColour(): Plugin {
  return {
    name: 'lend-theme-colour',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'theme-color', content: Theme.background }, injectTo: 'head' }],
  };
}

export default defineConfig({
  plugins: [react(), themeColour()],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
  },
});
