/** What a file store answers for a file it keeps: its size and SHA-256 digest travel with it. */
export interface StoredFile {
  readonly key: string;
  readonly contentType: string;
  readonly size: number;
  /** Lower-case hex. */
  readonly sha256: string;
}

export interface FileContent extends StoredFile {
  readonly bytes: Uint8Array;
}

/**
 * Where uploaded files are kept, shared by every API instance: Postgres by default, or an
 * S3-compatible object store (FILE_STORAGE). Keys are chosen by the caller and never reused.
 */
export interface FileStorage {
  /** Keeps the bytes under a new key, computing their size and digest; fails if the key is taken. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredFile>;
  /** The file under a key, checked against its digest (a mismatch throws); null when there is none. */
  get(key: string): Promise<FileContent | null>;
  /** Removes a file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}
export const FILE_STORAGE = Symbol('FileStorage');

/** A customer's sales tax exemption certificate (spec 2 §3) and where its file is kept. */
export interface TaxCertificate {
  readonly id: string;
  readonly customerId: string;
  readonly taxAuthority: string;
  /** ISO dates, YYYY-MM-DD. */
  readonly startDate: string;
  readonly endDate: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly storageKey: string;
  readonly sha256: string;
  /** The customer's basket when it was uploaded, if they had one. */
  readonly basketReference: string | null;
  /** Filled in once an order is placed with the certificate. */
  readonly orderReference: string | null;
  readonly createdAt: Date;
}

export interface TaxCertificateRepository {
  add(certificate: TaxCertificate): Promise<void>;
  /** The certificate if it belongs to this customer; null for anyone else's, as for an unknown id. */
  findOwned(id: string, customerId: string): Promise<TaxCertificate | null>;
}
export const TAX_CERTIFICATE_REPOSITORY = Symbol('TaxCertificateRepository');
