import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { DomainError } from '@store/domain';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';

/** The multipart field the evidence file arrives in. */
export const EVIDENCE_FIELD = 'file';
/** The card gateway takes evidence files of 4 MB at most. */
export const EVIDENCE_MAX_BYTES = 4 * 1024 * 1024;
const FRAMING_BYTES = 16 * 1024;

const fieldError = (field: string, message: string) => new DomainError('VALIDATION_FAILED', { fields: { [field]: [message] } });

function uploadError(error: unknown): DomainError {
  if (!(error instanceof MulterError)) return new DomainError('BAD_REQUEST');
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return fieldError(EVIDENCE_FIELD, 'An evidence file is 4 MB at most');
    case 'LIMIT_UNEXPECTED_FILE':
      return error.field && error.field !== EVIDENCE_FIELD ? fieldError(error.field, `property ${error.field} should not exist`) : fieldError(EVIDENCE_FIELD, 'Upload one file at a time');
    case 'LIMIT_FIELD_COUNT':
      return fieldError('body', 'The form has fields it should not have');
    default:
      return fieldError('body', error.message);
  }
}

/**
 * Receives a dispute's evidence file before the handler runs, after the staff guard (so nobody
 * else's upload is read at all). Held in memory: 4 MB at most, staff only, one at a time.
 */
@Injectable()
export class EvidenceUploadInterceptor implements NestInterceptor {
  private readonly receive = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 20 },
    defParamCharset: 'utf8',
  }).single(EVIDENCE_FIELD);

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    if (!request.is('multipart/form-data')) throw fieldError(EVIDENCE_FIELD, 'Send the file as multipart/form-data');
    if (Number(request.headers['content-length']) > EVIDENCE_MAX_BYTES + FRAMING_BYTES) throw fieldError(EVIDENCE_FIELD, 'An evidence file is 4 MB at most');
    await new Promise<void>((resolve, reject) => this.receive(request, response, (error?: unknown) => (error ? reject(uploadError(error)) : resolve())));
    return next.handle();
  }
}
