/** A domain rule: the message to show when the value breaks it, or null when it passes. */
type DomainRule<T, F> = (value: T, form?: F) => string | null;

/**
 * Turns domain rules into a react-hook-form `validate` function: the first failing rule's message,
 * or true. The web app and the API's DTOs call the same rules, so both refuse the same input.
 */
export function validateWith<T, F = unknown>(...rules: DomainRule<T, F>[]) {
  return (value: T, form: F): string | true => {
    for (const rule of rules) {
      const message = rule(value, form);
      if (message !== null) return message;
    }
    return true;
  };
}
