// Issue 26: the shell, the home route and the login page load without zod and without the contracts' method
// registry. Every module they import statically (lazy `import()` calls excluded) may take only types from the
// '@moda/contracts' barrel and values from its zod-free modules by path; bench/web.ts measures the weight.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../..');
const ROOTS = [
  'main.tsx',
  'app/layouts/default-layout.tsx',
  'app/pages/home-route.tsx',
  'app/layouts/auth-layout.tsx',
  'features/auth/login/login-page.tsx',
];
/** The contracts' modules without zod at run time, which the first load may import by path. */
const ZOD_FREE = ['constants', 'messages', 'time', 'product'];

/** Static imports and re-exports of a source: `[specifier, typeOnly]`. */
function staticImports(code: string): [string, boolean][] {
  return [...code.matchAll(/^(?:import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?'([^']+)';/gm)].map((m) => [
    m[2]!,
    Boolean(m[1]),
  ]);
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (f) => /\.tsx?$/.test(f) && fs.existsSync(f),
  );
}

function firstLoad(): Map<string, [string, boolean][]> {
  const seen = new Map<string, [string, boolean][]>();
  const stack = ROOTS.map((r) => path.join(SRC, r));
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    const imports = staticImports(fs.readFileSync(file, 'utf8'));
    seen.set(file, imports);
    for (const [specifier, typeOnly] of imports) {
      const next = !typeOnly && specifier.startsWith('.') ? resolve(file, specifier) : undefined;
      if (next) stack.push(next);
    }
  }
  return seen;
}

describe('the first load (issue 26)', () => {
  it('imports from the contracts only types or zod-free modules, and no zod', () => {
    const graph = firstLoad();
    expect(graph.size).toBeGreaterThan(20);
    const offenders = [...graph].flatMap(([file, imports]) =>
      imports
        .filter(([specifier, typeOnly]) => {
          if (typeOnly) return false;
          if (specifier === 'zod' || specifier === '@moda/contracts') return true;
          const sub = /^@moda\/contracts\/(.+)$/.exec(specifier)?.[1];
          return sub !== undefined && !ZOD_FREE.includes(sub);
        })
        .map(([specifier]) => `${path.relative(SRC, file)} → ${specifier}`),
    );
    // The method table is the one exception: the production build replaces it with plain data.
    expect(offenders).toEqual(['lib/api/method-meta.ts → @moda/contracts']);
  });

  it('keeps the contracts’ zod-free modules free of zod', () => {
    const contracts = path.resolve(SRC, '../../../packages/contracts/src');
    for (const name of ZOD_FREE) {
      const imports = staticImports(fs.readFileSync(path.join(contracts, `${name}.ts`), 'utf8'));
      const values = imports.filter(([, typeOnly]) => !typeOnly).map(([specifier]) => specifier);
      expect(values, name).not.toContain('zod');
      for (const specifier of values)
        expect(ZOD_FREE, `${name} → ${specifier}`).toContain(specifier.slice(2));
    }
  });
});
