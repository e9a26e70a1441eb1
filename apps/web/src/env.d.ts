// Compile-time values injected by vite.config.ts.
/** Id of this build; 'dev' under `vite` and 'test' under vitest. */
declare const __BUILD_ID__: string;
