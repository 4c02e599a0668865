import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Brotli and gzip copies of the text files next to them (`app.js.br`, `app.js.gz`), which the service
 * sends to browsers that take them (@fastify/static `preCompressed`): the first load moves about a
 * third of the bytes, compressed once at build time at the best level rather than on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tickler-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !/\.(js|mjs|css|html|webmanifest|svg|json)$/.test(entry.name)) continue;
          const file = path.join(entry.parentPath, entry.name);
          const body = readFileSync(file);
          if (body.length < 512) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

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
    // After the worker is written (vite-plugin-pwa's closeBundle), so sw.js is compressed too.
    precompress(),
  ],
});
