import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The web app: built into web/dist by `npm run build:web`, served by the service at `/`. */
export default defineConfig({
  root,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Small enough that one file per kind is best; the budget (150 KB gzipped) is checked by test/web.
    assetsInlineLimit: 0,
  },
  plugins: [
    VitePWA({
      // Our own service worker (web/src/sw.ts), so others can extend it (push); the plugin only
      // injects the list of files to precache.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      includeManifestIcons: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,png,webmanifest}'] },
      manifest: {
        name: 'Tickler',
        short_name: 'Tickler',
        description: 'Capture tasks by typing, speaking or a photo; pick a reminder; work through today.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f7f7f4',
        theme_color: '#1f5f8b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        share_target: {
          action: '/share',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'image', accept: ['image/*'] }] },
        },
      },
    }),
  ],
});
