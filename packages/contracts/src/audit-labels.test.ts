// Every mutating method of the catalogue has a Russian name in the audit log (issue 28), generated from
// the catalogue: a method added without one fails here, naming it.
import { describe, expect, it } from 'vitest';
import { AUDIT_METHOD_LABELS, METHODS, auditLabelOf } from './index';

describe('audit method labels', () => {
  it('names every mutating method in Russian, and nothing else', () => {
    const mutating = Object.values(METHODS)
      .filter((m) => m.mutates)
      .map((m) => m.name);
    expect(mutating.filter((n) => !AUDIT_METHOD_LABELS[n])).toEqual([]);
    expect(Object.keys(AUDIT_METHOD_LABELS).filter((n) => !mutating.includes(n))).toEqual([]);
    for (const label of Object.values(AUDIT_METHOD_LABELS))
      expect(label).toMatch(/^[А-ЯЁ][а-яёA-Za-z -]*[а-яёA-Za-z]$/u);
    expect(auditLabelOf('v1.nomenclatures.update-price')).toBe('Изменение цены');
  });
});
