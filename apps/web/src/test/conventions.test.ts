// Conventions of STYLE.md checked on the sources: features never import each other, shared code
// imports no feature or app module, and Russian text lives only in locale files.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

const sources = files(SRC).filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith(path.join(SRC, 'test')));
const rel = (f: string) => path.relative(SRC, f);
const importsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) =>
    rel(path.resolve(path.dirname(file), m[1]!)),
  );

describe('conventions', () => {
  it('features do not import other features', () => {
    const offenders = sources
      .filter((f) => rel(f).startsWith('features/'))
      .flatMap((f) => {
        const own = rel(f).split('/')[1];
        return importsOf(f)
          .filter((i) => i.startsWith('features/') && i.split('/')[1] !== own)
          .map((i) => `${rel(f)} → ${i}`);
      });
    expect(offenders).toEqual([]);
  });

  it('shared code (components, lib) imports neither features nor the app', () => {
    const offenders = sources
      .filter((f) => rel(f).startsWith('components/') || rel(f).startsWith('lib/'))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => i.startsWith('features/') || i.startsWith('app/'))
          .map((i) => `${rel(f)} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('every module drawing an Ant Design date picker or calendar sets dayjs to Russian (lib/dates)', () => {
    // The theme provider does not: the home page draws no dates to pick and does not load dayjs for them.
    const offenders = sources
      .filter((f) =>
        /\b(DatePicker|TimePicker|Calendar)\b[^;]*from 'antd'|from 'antd'[^;]*\b(DatePicker|TimePicker|Calendar)\b/s.test(
          fs.readFileSync(f, 'utf8'),
        ),
      )
      .filter((f) => !importsOf(f).some((i) => i === 'lib/dates'))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('keeps Russian text in locale files only', () => {
    const offenders = sources
      .filter((f) => !/(^|\/)locale\.ts$/.test(rel(f)))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line: line.replace(/\/\/.*$|\/\*.*?\*\/|^\s*\*.*$/g, ''), n: i + 1 }))
          .filter(({ line }) => /[А-Яа-яЁё]/.test(line))
          .map(({ n }) => `${rel(f)}:${n}`),
      );
    expect(offenders).toEqual([]);
  });

  it('starts every module with a comment saying what it owns', () => {
    const bare = sources.filter(
      (f) => !fs.readFileSync(f, 'utf8').startsWith('//') && !rel(f).endsWith('env.d.ts'),
    );
    expect(bare.map(rel)).toEqual([]);
  });
});
