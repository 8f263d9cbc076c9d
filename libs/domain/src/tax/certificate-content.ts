import { Messages } from '../validation/messages';
import { fileExtension } from '../validation/rules';

/**
 * What a certificate file really is, judged by its bytes (spec 2 §5 names the extensions only).
 * A name or a browser's content type is whatever the sender says; the bytes are what a reviewer's
 * viewer will open. Three fixed signatures need no library, and the domain may import none.
 */
export type CertificateKind = 'pdf' | 'png' | 'jpeg';

export const CERTIFICATE_CONTENT_TYPES: Readonly<Record<CertificateKind, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** Our choice: the spec has no words for a file cut short or otherwise broken. */
export const CERTIFICATE_INCOMPLETE_MESSAGE = 'The file is incomplete or damaged. Please upload it again.';

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52];
/** An empty IEND chunk: length 0, type IEND, and its fixed CRC. */
const PNG_IEND = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
const JPEG_EOI = [0xff, 0xd9];
/** The last cross-reference offset, then the end marker, then only whitespace (or NUL padding). */
const PDF_TRAILER = /startxref\s+(\d+)\s+%%EOF[\s\0]*$/;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const endsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && startsWith(bytes, signature, bytes.length - signature.length);

/** Bytes as one character each (ISO 8859-1), enough to read a PDF trailer, which is ASCII. */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/**
 * What the checks need of a file: its size, its first bytes and its last kilobyte. A file received
 * to disk is checked from these without being read into memory whole; whole bytes make one too.
 */
export interface CertificateSample {
  readonly size: number;
  /** The first CERTIFICATE_HEAD_BYTES bytes (all of a smaller file). */
  readonly head: Uint8Array;
  /** The last CERTIFICATE_TAIL_BYTES bytes (all of a smaller file). */
  readonly tail: Uint8Array;
}

/** Enough of the start for every signature and the PNG header chunk's type. */
export const CERTIFICATE_HEAD_BYTES = 64;
/** PDF readers look for the end-of-file marker in the last 1024 bytes (ISO 32000-1, note in 7.5.5). */
export const CERTIFICATE_TAIL_BYTES = 1024;

export function sampleOf(bytes: Uint8Array): CertificateSample {
  return {
    size: bytes.length,
    head: bytes.subarray(0, CERTIFICATE_HEAD_BYTES),
    tail: bytes.subarray(Math.max(0, bytes.length - CERTIFICATE_TAIL_BYTES)),
  };
}

const isSample = (bytes: Uint8Array | CertificateSample): bytes is CertificateSample => !(bytes instanceof Uint8Array);

/** The kind a file's first bytes announce, or null for anything else (an executable, a zip, text). */
export function sniffCertificateKind(bytes: Uint8Array): CertificateKind | null {
  if (startsWith(bytes, PDF_MAGIC)) return 'pdf';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, JPEG_MAGIC)) return 'jpeg';
  return null;
}

/**
 * Whether a file of the given kind arrived whole: an upload cut off part-way keeps its valid
 * signature, so the end is checked too. A PDF ends with `startxref`, an offset inside the file and
 * `%%EOF`; a PNG with IHDR first and the IEND chunk last; a JPEG with the end-of-image marker.
 */
export function isCompleteCertificate(kind: CertificateKind, bytes: Uint8Array | CertificateSample): boolean {
  const { size, head, tail } = isSample(bytes) ? bytes : sampleOf(bytes);
  switch (kind) {
    case 'pdf': {
      const trailer = PDF_TRAILER.exec(latin1(tail));
      return trailer !== null && Number(trailer[1]) < size;
    }
    case 'png':
      return startsWith(head, PNG_IHDR, PNG_MAGIC.length + 4) && size >= PNG_MAGIC.length + PNG_IEND.length && endsWith(tail, PNG_IEND);
    case 'jpeg':
      return size >= JPEG_MAGIC.length + JPEG_EOI.length && endsWith(tail, JPEG_EOI);
  }
}

/** The extensions a name may carry for each kind (together, CERTIFICATE_FILE_TYPES); a name must agree with the content. */
export const CERTIFICATE_EXTENSIONS: Readonly<Record<CertificateKind, readonly string[]>> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
};

export type CertificateFileCheck =
  | { readonly ok: true; readonly kind: CertificateKind; readonly contentType: string }
  | { readonly ok: false; readonly message: string };

/**
 * The whole check of an uploaded certificate's name and bytes. The name must end in an allowed
 * extension (spec 2 §5) that matches what the bytes are, so a renamed executable and a PNG posing
 * as a PDF are both refused; then the file must be complete.
 */
export function checkCertificateFile(name: string, bytes: Uint8Array | CertificateSample): CertificateFileCheck {
  const sample = isSample(bytes) ? bytes : sampleOf(bytes);
  if (sample.size === 0) return { ok: false, message: CERTIFICATE_INCOMPLETE_MESSAGE };
  const extension = fileExtension(name);
  const kind = sniffCertificateKind(sample.head);
  if (kind === null || !CERTIFICATE_EXTENSIONS[kind].includes(extension)) return { ok: false, message: Messages.incorrectFileType };
  if (!isCompleteCertificate(kind, sample)) return { ok: false, message: CERTIFICATE_INCOMPLETE_MESSAGE };
  return { ok: true, kind, contentType: CERTIFICATE_CONTENT_TYPES[kind] };
}
