import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { DomainError } from '@store/domain';

function collect(errors: ValidationError[], prefix = '', into: Record<string, string[]> = {}): Record<string, string[]> {
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
