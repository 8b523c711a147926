import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { moduleGraphFacts } from './build/moduleGraph.js';
import { precompress } from './build/precompress.js';

const backend = process.env.PADDOCK_API_URL ?? 'http://localhost:3000';
/** MUI, its styling engine (Emotion) and the small packages only they use. */
const MUI_AND_ITS_PARTS = /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|hoist-non-react-statics|react-is|prop-types|clsx|@babel[\\/]runtime)[\\/]/;
/** What screens build on, as against the data they read: components and their styles, and the forms' library. */
const SCREEN_PARTS = /\.(tsx|css)$|[\\/]lib[\\/]forms[\\/]|node_modules[\\/]react-hook-form[\\/]/;
const graph = moduleGraphFacts((id) => MUI_AND_ITS_PARTS.test(id));
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  plugins: [react(), precompress(), graph.plugin],
  resolve: {
    // The API's shared types and pure rules (SPEC shapes, role flags, …): `@paddock/contracts/events.js`.
    alias: [
      { find: /^@paddock\/contracts\//, replacement: `${path.resolve(import.meta.dirname, '../backend/src/contracts')}/` },
      // React Router's package exports only its development build (dev warnings on, and the code they keep
      // alive); the production build beside it is the same code with them off: used for the site.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2023',
    // dist/.vite/manifest.json: which chunks each page loads, for test/bench/bundle.bench.ts (not served: a dot folder).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads (the entry and its static imports) is one file, not a dozen small shared
          // chunks: fewer requests and better compression on the first page. Screens stay chunks of their own.
          // MUI and its styling engine, behind every signed-in screen, are one file too: left to automatic
          // splitting they were some forty-five small chunks, and a phone's connection (six requests at a time
          // on HTTP/1.1) paid a round trip for each before the screen could draw.
          //
          // What two or more of the lazily loaded parts (screens, their slots, the live connection) share is in
          // three files, not some sixty files of 0.2-2 KiB: a phone fetched a signed-in screen's dozen or two,
          // six at a time, a round trip each, before it could draw (Lighthouse: LCP 3.4 s on the profile, 24
          // scripts). The three: `ui`, the components and forms screens build on; `data`, the reads and cache
          // rules (the live connection's part: a visitor's page loads that one only); `mui-parts`, the shared
          // components built on MUI, for the MUI screens only. A plain part must not pull MUI in, so what leads
          // to MUI is kept out of the first two; what is loaded with `import()` (a screen, a slot) stays a chunk
          // of its own. The plain groups go first: a group takes in what its modules import, and `mui-parts`
          // would take the plain code its modules use.
          groups: [
            { name: 'app', tags: ['$initial'], priority: 20 },
            { name: 'mui', test: MUI_AND_ITS_PARTS, priority: 10 },
            {
              name: (id) => (SCREEN_PARTS.test(id) ? 'ui' : 'data'),
              test: (id) => !graph.onMui.has(id) && !graph.importedLazily.has(id),
              minShareCount: 2,
              priority: 9,
            },
            { name: 'mui-parts', test: (id) => !id.includes('node_modules') && graph.onMui.has(id), minShareCount: 2, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      // The API refuses sockets from other origins than its PUBLIC_URL: the dev server speaks as that origin.
      '/socket.io': { target: backend, ws: true, headers: { origin: new URL(backend).origin } },
    },
  },
}));
