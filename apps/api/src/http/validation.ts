import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DomainError } from '@store/domain';

export function collect(errors: ValidationError[], prefix = '', into: Record<string, string[]> = {}): Record<string, string[]> {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length) into[field] = messages;
    if (error.children?.length) collect(error.children, field, into);
  }
  return into;
}

/** Whitelists DTO fields, refuses unknown ones, and reports failures as a catalogued error with fields. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => new DomainError('VALIDATION_FAILED', { fields: collect(errors) }),
  });
}

/** Checks a payload that did not come through a Nest pipe (the checkout API's JSON body) the same way. */
export function validatePayload<T extends object>(type: ClassConstructor<T>, plain: unknown): T {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw new DomainError('VALIDATION_FAILED', { fields: { body: ['The body must be a JSON object'] } });
  }
  const instance = plainToInstance(type, plain);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw new DomainError('VALIDATION_FAILED', { fields: collect(errors) });
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
