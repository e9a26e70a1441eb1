// One type-aware lint config for the whole repo, with the import boundaries of DESIGN.md:
// contracts depend on zod only; web never imports server code; a module never reads another's queries;
// process.env only in the server's config/.
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';

const serverModules = fs.readdirSync(new URL('./apps/server/src/modules', import.meta.url));
const webFeatures = fs.readdirSync(new URL('./apps/web/src/features', import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'e2e/artifacts/**',
      '**/*.config.js',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['apps/web/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contracts', from: './apps', message: 'contracts depend on zod only' },
            { target: './apps/web', from: './apps/server', message: 'the web never imports server code' },
            { target: './apps/server', from: './apps/web', message: 'the server never imports web code' },
            // bulletproof-react's zones: features never import each other; shared code imports no feature or app code.
            // One zone per feature (the others by a glob), not one per pair: the rule matches every zone's target
            // against every file, and the pairs made it a sixth of the lint's time.
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: `./apps/web/src/features/!(${f})/**`,
              message: 'features do not import each other: combine them in app/',
            })),
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
              message: 'shared components know no feature',
            },
            {
              target: './apps/web/src/components',
              from: './apps/web/src/app',
              message: 'shared components know no app code',
            },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/features',
              message: 'lib knows no feature',
            },
            // The server's layers (DESIGN "Layout"): app.ts and the transports on top, the modules side by side,
            // core/, db/, files/, jobs/, auth/ and config/ underneath. Only rpc/ and rest/ know the transport.
            {
              target: './apps/server/src/modules',
              from: ['./apps/server/src/rpc', './apps/server/src/rest', './apps/server/src/shell'],
              message: 'modules do not know the transport: use core/ (AppError, CallContext, RestRoute)',
            },
            ...['core', 'db', 'files', 'jobs', 'auth', 'config'].map((layer) => ({
              target: `./apps/server/src/${layer}`,
              from: [
                './apps/server/src/modules',
                './apps/server/src/rpc',
                './apps/server/src/rest',
                './apps/server/src/shell',
                './apps/server/src/seed',
              ],
              message: `${layer}/ lies underneath the modules and the transports`,
            })),
            // A module uses another only through its public face (index.ts); tests may reach further.
            // As for the features: one zone per module, the other modules by a glob.
            ...serverModules.map((m) => ({
              target: `./apps/server/src/modules/${m}/!(*.test).ts`,
              from: `./apps/server/src/modules/!(${m})/**`,
              except: ['**/apps/server/src/modules/*/index.ts'],
              message: 'another module is used only through its index.ts',
            })),
            {
              target: `./apps/server/src/!(modules)/**`,
              from: `./apps/server/src/modules/*/*.queries.ts`,
              message: 'only a module’s own service reads its queries',
            },
            ...serverModules.map((m) => ({
              target: `./apps/server/src/modules/${m}`,
              from: `./apps/server/src/modules/!(${m})/*.queries.ts`,
              message: 'a module calls another module’s service, never its queries',
            })),
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'read configuration in apps/server/src/config only' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: [
      'apps/server/src/config/**',
      'bench/**',
      'e2e/**',
      'scripts/**',
      'docs/examples/**',
      '**/*.config.ts',
      '.ci/**',
      'apps/web/vite.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
