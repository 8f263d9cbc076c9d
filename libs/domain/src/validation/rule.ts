/**
 * A rule returns the message to show when the value breaks it, or null when it passes. The API's
 * DTO decorators and the web app's form validation call the same rules. Rules that compare fields
 * receive the whole form as the second argument.
 */
export type Rule<T = unknown, F = unknown> = (value: T, form?: F) => string | null;

/** The first message of the rules that fail, in order, or null when all pass. */
export function firstError<T, F>(value: T, rules: readonly Rule<T, F>[], form?: F): string | null {
  for (const rule of rules) {
    const message = rule(value, form);
    if (message !== null) return message;
  }
  return null;
}

export type FormSchema<F> = { readonly [K in keyof F]?: readonly Rule<F[K], F>[] };
export type FormErrors<F> = Partial<Record<keyof F, string>>;

/** Checks every field of a form against its rules; the result holds only the fields that fail. */
export function validateForm<F extends object>(values: F, schema: FormSchema<F>): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const key of Object.keys(schema) as (keyof F)[]) {
    const rules = schema[key] as readonly Rule<F[keyof F], F>[] | undefined;
    const message = rules ? firstError(values[key], rules, values) : null;
    if (message !== null) errors[key] = message;
  }
  return errors;
}
