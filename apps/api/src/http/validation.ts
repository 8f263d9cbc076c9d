import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidatorOptions } from 'class-validator';
import { DomainError, validationFailure } from '@store/domain';

export function collect(errors: ValidationError[], prefix = '', into: Record<string, string[]> = {}): Record<string, string[]> {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length) into[field] = messages;
    if (error.children?.length) collect(error.children, field, into);
  }
  return into;
}

/** Deeper than any payload of ours: class-transformer and Nest's key stripping recurse, and would overflow the stack. */
export const MAX_PAYLOAD_DEPTH = 32;
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Refuses, before class-transformer sees it, JSON nested deeper than MAX_PAYLOAD_DEPTH, text holding
 * NUL (PostgreSQL cannot store it) and, where asked, keys naming a prototype (class-transformer
 * crashes on a nested `constructor`). Walks without recursion, so the check itself cannot overflow.
 */
export function assertPayloadShape(plain: unknown, refusePrototypeKeys: boolean): void {
  const pending: Array<readonly [unknown, string, number]> = [[plain, 'body', 0]];
  const fields = new Map<string, string[]>();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, field, depth] = next;
    if (typeof value === 'string' && value.includes('\u0000')) fields.set(field, [`${field} contains a character that is not allowed`]);
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_PAYLOAD_DEPTH) throw new DomainError('VALIDATION_FAILED', { fields: { [field]: [`${field} is nested too deeply`] } });
    for (const key of Object.keys(value)) {
      // Errors name the top-level field, as class-validator does.
      if (refusePrototypeKeys && PROTOTYPE_KEYS.has(key)) fields.set(depth === 0 ? key : field, [`property ${key} should not exist`]);
      else pending.push([(value as Record<string, unknown>)[key], depth === 0 ? key : field, depth + 1]);
    }
  }
  // A Map, then own keys: `fields['__proto__'] = …` would set a prototype instead.
  if (fields.size > 0) throw new DomainError('VALIDATION_FAILED', { fields: Object.fromEntries(fields) });
}

/** Nest's pipe, after the depth check of what the request sent (Nest itself strips prototype keys). */
class PayloadValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') assertPayloadShape(value, false);
    return super.transform(value, metadata);
  }

  // Our rules are all synchronous: checked in one pass, instead of a promise per rule and field.
  protected override validate(object: object, validatorOptions?: ValidatorOptions): ValidationError[] {
    return validateSync(object, validatorOptions);
  }
}

/** Whitelists DTO fields, refuses unknown ones, and reports failures as a catalogued error with fields. */
export function createValidationPipe(): ValidationPipe {
  return new PayloadValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => validationFailure(collect(errors)),
  });
}

/** Checks a payload that did not come through a Nest pipe (the checkout API's JSON body) the same way. */
export function validatePayload<T extends object>(type: ClassConstructor<T>, plain: unknown): T {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw new DomainError('VALIDATION_FAILED', { fields: { body: ['The body must be a JSON object'] } });
  }
  assertPayloadShape(plain, true);
  const instance = plainToInstance(type, plain);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw validationFailure(collect(errors));
  return instance;
}

/** An action that takes no payload refuses any field, as a DTO would refuse an unknown one. */
export function validateEmptyPayload(plain: unknown): void {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw new DomainError('VALIDATION_FAILED', { fields: { body: ['The body must be a JSON object'] } });
  }
  const keys = Object.keys(plain);
  if (keys.length > 0) {
    throw new DomainError('VALIDATION_FAILED', { fields: Object.fromEntries(keys.map((key) => [key, [`property ${key} should not exist`]])) });
  }
}
