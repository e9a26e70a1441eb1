// Vite build and dev server of the web shell: React, the contracts package as TypeScript source,
// the build id (written to dist/build.json for the server and compiled into the client), the dev proxy.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Paths the server answers itself; in `npm run dev` Vite forwards them to the running server. */
const API_PREFIXES = ['/jsonrpc', '/rest', '/v1', '/v2', '/batch', '/builds', '/health', '/get-lid'];

// One id per build: the server reads it from build.json and the client compares it with
// /builds/meta/{id}.json to learn that a newer build was deployed.
const buildId =
  process.env.BUILD_ID ??
  `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;

function buildMeta(): Plugin {
  return {
    name: 'moda-build-meta',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ buildId })}\n` });
    },
  };
}

// The client's table of each method's roles and required parameters (src/lib/api/method-meta.ts) is read from
// the contracts' METHODS; the build computes it here once and ships it as plain data, so the entry does not
// carry every area's zod schemas (issue 26: the home route's JavaScript).
const METHOD_META_MODULE = fileURLToPath(new URL('./src/lib/api/method-meta.ts', import.meta.url));

function methodMeta(): Plugin {
  return {
    name: 'moda-method-meta',
    apply: 'build',
    async load(id) {
      if (id.split('?')[0] !== METHOD_META_MODULE) return null;
      const { METHOD_META } = (await tsImport(METHOD_META_MODULE, import.meta.url)) as {
        METHOD_META: unknown;
      };
      return `export const METHOD_META = ${JSON.stringify(METHOD_META)};\n`;
    },
  };
}

// react-router resolves to its development build by default; the production one is smaller and silent.
const reactRouterProduction = {
  'react-router/dom': fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
  ),
  'react-router': fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), buildMeta(), methodMeta()],
  resolve: { alias: command === 'build' ? reactRouterProduction : {} },
  define: {
    __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev'),
  },
  build: {
    manifest: true,
    // The login route budget (200 kB gzip) is measured by bench/web.ts; the warning here is only a hint.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      treeshake: { moduleSideEffects: [{ test: /node_modules\/@rc-component\//, sideEffects: false }] },
    },
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: Object.fromEntries(
      API_PREFIXES.map((p) => [
        p,
        { target: process.env.MODA_API_URL ?? 'http://localhost:3000', changeOrigin: false },
      ]),
    ),
  },
}));
