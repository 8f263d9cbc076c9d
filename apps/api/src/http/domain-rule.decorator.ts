import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** A domain rule: the message to show when the value breaks it, or null when it passes. */
type DomainRule = (value: never, context?: never) => string | null;

/**
 * Validates a DTO property with a rule from libs/domain, so the API and the web app refuse the same
 * input with the same message. The rule receives the property's value and the whole object.
 */
export function SatisfiesRule(rule: DomainRule, options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    let lastMessage = '';
    registerDecorator({
      name: `satisfies:${rule.name || 'rule'}`,
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          const message = (rule as (value: unknown, context?: unknown) => string | null)(value, args.object);
          lastMessage = message ?? '';
          return message === null;
        },
        defaultMessage() {
          return lastMessage;
        },
      },
    });
  };
}
