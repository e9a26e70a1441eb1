// The README is read by someone who has only the clone: it must not send them to files the clone lacks, and
// what it says about where things land must be what the code does.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('names no file outside the clone', () => {
    expect(readme).not.toMatch(/\.\.\/shared\//);
  });

  it('says mail goes to the data folder the server uses', () => {
    expect(readme).toContain('$DATA_DIR/mail');
    expect(readme).not.toContain('`./data/mail/*.eml`');
  });

  it('says staff pick a partner first, and that a warm start skips the builds', () => {
    expect(readme).toMatch(/pick the partner/);
    expect(readme).toMatch(/a\s+warm\s+start\s+skips\s+both/);
  });
});
