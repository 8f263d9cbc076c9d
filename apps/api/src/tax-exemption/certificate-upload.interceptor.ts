import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { CERTIFICATE_MAX_BYTES, DomainError, Messages } from '@store/domain';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';

/** The multipart field the certificate arrives in (spec 2 §7). */
export const CERTIFICATE_FIELD = 'file';
/** Text fields hold a two-letter code and two dates: a kilobyte is plenty. */
export const CERTIFICATE_FIELD_BYTES = 1024;
/** Room for the boundaries, part headers and text fields around the file. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

// Our choice: the spec has no words for a second file.
export const ONE_CERTIFICATE_MESSAGE = 'Upload one certificate file only';

/**
 * multer's limits: busboy stops reading the file part at CERTIFICATE_MAX_BYTES + 1 and multer
 * refuses the request, so an oversized upload is never held whole. Memory is the store while the
 * rules look at the bytes; nothing is written anywhere before they pass.
 */
export const CERTIFICATE_UPLOAD_LIMITS = {
  fileSize: CERTIFICATE_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: CERTIFICATE_FIELD_BYTES,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 20,
} as const;

const fieldError = (field: string, message: string) => new DomainError('VALIDATION_FAILED', { fields: { [field]: [message] } });

/** Every way multer or the multipart parser refuses a request, as a catalogued error: never a 500. */
export function uploadError(error: unknown): DomainError {
  // busboy's own (malformed multipart, a body cut off) and a request the client aborted.
  if (!(error instanceof MulterError)) return new DomainError('BAD_REQUEST');
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return fieldError(CERTIFICATE_FIELD, Messages.certificateTooLarge);
    case 'LIMIT_FILE_COUNT':
      return fieldError(CERTIFICATE_FIELD, ONE_CERTIFICATE_MESSAGE);
    case 'LIMIT_UNEXPECTED_FILE':
      // A file under another name is an unknown field, as class-validator words one.
      return error.field && error.field !== CERTIFICATE_FIELD
        ? fieldError(error.field, `property ${error.field} should not exist`)
        : fieldError(CERTIFICATE_FIELD, ONE_CERTIFICATE_MESSAGE);
    case 'LIMIT_FIELD_VALUE':
      return fieldError(error.field ?? 'body', Messages.maxLength(CERTIFICATE_FIELD_BYTES));
    default:
      // Too many fields or parts, a field name too long: the request is not a certificate form.
      return fieldError('body', error.message);
  }
}

/**
 * Receives the certificate form before the handler runs (after the guards, so a signed-out
 * request is refused before any of its body is read). A body that declares itself too large is
 * refused before reading; one that says nothing, or lies, is cut off by multer at the limit.
 */
@Injectable()
export class CertificateUploadInterceptor implements NestInterceptor {
  private readonly receive = multer({
    storage: multer.memoryStorage(),
    limits: CERTIFICATE_UPLOAD_LIMITS,
    // Browsers send a file name's UTF-8 bytes as they are; busboy would read them as Latin-1.
    defParamCharset: 'utf8',
  }).single(CERTIFICATE_FIELD);

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    if (Number(request.headers['content-length']) > CERTIFICATE_MAX_BYTES + MULTIPART_FRAMING_BYTES) {
      throw fieldError(CERTIFICATE_FIELD, Messages.certificateTooLarge);
    }
    await new Promise<void>((resolve, reject) =>
      this.receive(request, response, (error?: unknown) => (error ? reject(uploadError(error)) : resolve())),
    );
    return next.handle();
  }
}
