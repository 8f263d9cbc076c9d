import { firstError, type Rule } from '@store/domain';

/**
 * Turns domain rules into a react-hook-form `validate` function: the first failing rule's message,
 * or true. The web app and the API's DTOs call the same rules, so both refuse the same input.
 */
export function validateWith<T, F = unknown>(...rules: Rule<T, F>[]) {
  return (value: T, form: F): string | true => firstError(value, rules, form) ?? true;
}
