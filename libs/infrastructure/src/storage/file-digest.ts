import type { FileContent, StoredFile } from '@store/application';
import { createHash } from 'node:crypto';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The file as read back, once its bytes are shown to be the ones stored: a damaged or swapped
 * file must fail loudly rather than reach a tax reviewer as if it were the customer's.
 */
export function verifiedContent(stored: StoredFile, bytes: Uint8Array): FileContent {
  if (bytes.length !== stored.size || sha256Hex(bytes) !== stored.sha256) {
    throw new Error(`Stored file ${stored.key} does not match its recorded size and SHA-256`);
  }
  return { ...stored, bytes };
}
