import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor, type OnModuleDestroy } from '@nestjs/common';
import { UploadTaxCertificate, type ReceivedFile } from '@store/application';
import { CERTIFICATE_MAX_BYTES, DomainError, Messages } from '@store/domain';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finalize, type Observable } from 'rxjs';
import { unwrap } from '../http/result';
import { receivedFile } from './received-file';
import { signedInCustomerOf } from './signed-in-customer.guard';

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
 * refuses the request (removing what it wrote), so an oversized upload is never held whole.
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

/** The received file the interceptor attaches to multer's description of the upload. */
export type ReceivedUpload = Express.Multer.File & { received?: ReceivedFile };

/**
 * Receives the certificate form before the handler runs (after the guards, so a signed-out
 * request is refused before any of its body is read). A customer already at their upload quota is
 * refused before reading too, as is a body that declares itself too large; one that says nothing,
 * or lies, is cut off by multer at the limit. The file goes to a temporary file of this process,
 * not memory, and is removed once the request is answered, whatever the answer.
 */
@Injectable()
export class CertificateUploadInterceptor implements NestInterceptor, OnModuleDestroy {
  /** Where uploads wait while they are checked and stored; this process's own. */
  readonly folder = mkdtempSync(join(tmpdir(), 'store-uploads-'));

  private readonly receive = multer({
    // multer names each file with 16 random bytes, in the folder only this process uses.
    storage: multer.diskStorage({ destination: this.folder }),
    limits: CERTIFICATE_UPLOAD_LIMITS,
    // Browsers send a file name's UTF-8 bytes as they are; busboy would read them as Latin-1.
    defParamCharset: 'utf8',
  }).single(CERTIFICATE_FIELD);

  constructor(private readonly uploads: UploadTaxCertificate) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    if (Number(request.headers['content-length']) > CERTIFICATE_MAX_BYTES + MULTIPART_FRAMING_BYTES) {
      throw fieldError(CERTIFICATE_FIELD, Messages.certificateTooLarge);
    }
    unwrap(await this.uploads.checkQuota(signedInCustomerOf(request).id));
    await new Promise<void>((resolve, reject) =>
      this.receive(request, response, (error?: unknown) => (error ? reject(uploadError(error)) : resolve())),
    );
    const file = request.file as ReceivedUpload | undefined;
    // One unlink, done before the answer leaves: nothing of the upload outlives its request.
    const removeFile = () => file && rmSync(file.path, { force: true });
    try {
      if (file) file.received = await receivedFile(file.path, file.size);
    } catch (error) {
      removeFile();
      throw error;
    }
    return next.handle().pipe(finalize(removeFile));
  }

  onModuleDestroy(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}
