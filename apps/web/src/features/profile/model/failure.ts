// How a failure reads on the profile screens (spec 001 §8 Offers: "with the cause appended"): what
// failed, then the server's own Russian words, or a plain retry request when the server said nothing.
import { fill } from '@moda/contracts';
import { failureDescription } from '../../../lib/forms';
import { profileText } from '../locale';

export function causeOf(error: unknown): string {
  return failureDescription(error) ?? profileText.unknownCause;
}

export function failureText(what: string, error: unknown): string {
  return fill(profileText.failure, { what, cause: causeOf(error) });
}
