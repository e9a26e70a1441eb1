// Russian messages of the general validation rules (spec 001 §5 "General"), as templates.
// Zod issues are turned into these by `ruErrorMap`, so every schema speaks the same words.
import type { z } from 'zod';

export const VALIDATION = {
  required: 'Обязательное поле',
  lengthBetween: 'Длина должна быть от {from} до {to} символов',
  minLength: 'Слишком короткий текст: нужно не меньше {from} символов',
  maxLength: 'Не более {to} символов',
  exactDigits: 'Должно быть ровно {number} цифр',
  positive: 'Число должно быть больше нуля',
  notZero: 'Значение не может быть равно 0',
  integer: 'Допускаются только целые числа',
  maxDigits: 'Слишком много цифр',
  min: 'Значение должно быть не меньше {min}',
  max: 'Значение должно быть не больше {max}',
  invalidEmail: 'Введите корректный email',
  invalidValue: 'Недопустимое значение',
  invalidFormat: 'Неверный формат',
  invalidType: 'Неверный тип значения',
  invalidDate: 'Invalid Date',
  unknownField: 'Неизвестное поле',
  tooManyItems: 'Не более {max} элементов',
  tooFewItems: 'Нужно не меньше {min} элементов',
  invalidTime: 'Invalid time format',
  controlCharacters: 'Недопустимые символы',
} as const;

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** Zod 4 error map producing the spec's Russian messages. */
export function ruErrorMap(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return VALIDATION.required;
      // z.number().int() reports a fraction as a wrong type: the spec calls it "integers only".
      if (issue.expected === 'int' && typeof issue.input === 'number') return VALIDATION.integer;
      return VALIDATION.invalidType;
    case 'too_small':
      if (issue.origin === 'string') {
        // An empty field is missing, whatever its minimum length.
        if (Number(issue.minimum) <= 1 || issue.input === '') return VALIDATION.required;
        return fill(VALIDATION.minLength, { from: Number(issue.minimum) });
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return fill(VALIDATION.tooFewItems, { min: Number(issue.minimum) });
      if (Number(issue.minimum) === 0 && !issue.inclusive) return VALIDATION.positive;
      return fill(VALIDATION.min, { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return fill(VALIDATION.maxLength, { to: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return fill(VALIDATION.tooManyItems, { max: Number(issue.maximum) });
      return fill(VALIDATION.max, { max: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return VALIDATION.invalidEmail;
      if (issue.format === 'datetime' || issue.format === 'date') return VALIDATION.invalidDate;
      return VALIDATION.invalidFormat;
    case 'not_multiple_of':
      return VALIDATION.invalidValue;
    case 'unrecognized_keys':
      return VALIDATION.unknownField;
    case 'invalid_value':
      // A choice left empty (a select nobody picked from) is missing, not a wrong value.
      if (issue.input === undefined || issue.input === null || issue.input === '') return VALIDATION.required;
      return VALIDATION.invalidValue;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return VALIDATION.invalidValue;
    case 'custom':
      return issue.message ?? VALIDATION.invalidValue;
    default:
      return VALIDATION.invalidValue;
  }
}

/** Flatten zod issues into the spec's `{field, message}` list; unknown keys get one entry each. */
export function toFieldErrors(error: z.ZodError): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        out.push({ field: base ? `${base}.${key}` : key, message: issue.message });
    } else {
      out.push({ field: base || '-', message: issue.message });
    }
  }
  return out;
}
