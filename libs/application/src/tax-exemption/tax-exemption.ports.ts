import type { CertificateQuota, CertificateQuotaBreach } from '@store/domain';

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
 * A file to keep that is not in memory (an upload received to a temporary file): its size and
 * digest are known already, and its bytes are read a chunk at a time, so storing it never holds
 * the whole file. Each call of chunks() starts again from the first byte.
 */
export interface FileSource {
  readonly size: number;
  /** Lower-case hex. */
  readonly sha256: string;
  chunks(): AsyncIterable<Uint8Array>;
}

/**
 * Where uploaded files are kept, shared by every API instance: Postgres by default, or an
 * S3-compatible object store (FILE_STORAGE). Keys are chosen by the caller and never reused.
 */
export interface FileStorage {
  /**
   * Keeps the bytes under a new key, with their size and digest; fails if the key is taken. A
   * FileSource is streamed to the store and must match its stated size and digest.
   */
  put(key: string, content: Uint8Array | FileSource, contentType: string): Promise<StoredFile>;
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

/** What a customer has used of the upload quota: uploads in the window, bytes not yet on an order. */
export interface CertificateUsage {
  readonly recentUploads: number;
  readonly pendingBytes: number;
}

/** A certificate the clean-up removed, with where its file was. */
export interface RemovedCertificate {
  readonly id: string;
  readonly storageKey: string;
}

/** An upload's hold on the quota while its file is stored; the certificate's id is the claim's. */
export interface CertificateClaim {
  readonly id: string;
  readonly customerId: string;
  readonly size: number;
  readonly at: Date;
}

export interface TaxCertificateRepository {
  /**
   * Takes the quota for an upload before its file is stored, if the customer's certificates and
   * other live claims leave room; decided under a lock on the customer, so uploads arriving
   * together are counted one after another. Otherwise claims nothing and says which limit it
   * would break.
   */
  claim(claim: CertificateClaim, quota: CertificateQuota): Promise<CertificateQuotaBreach>;
  /** Gives a claim back (its upload failed); releasing one that is gone is not an error. */
  release(claimId: string): Promise<void>;
  /**
   * Adds the record in place of its claim, checking the quota once more under the customer's
   * lock (a claim may have expired); otherwise adds nothing and says which limit it would break.
   */
  add(certificate: TaxCertificate, quota: CertificateQuota): Promise<CertificateQuotaBreach>;
  /** The customer's use of the quota at `now`, live claims included (a quick look before an upload is read). */
  usage(customerId: string, quota: CertificateQuota, now: Date): Promise<CertificateUsage>;
  /**
   * Removes up to `limit` certificates created before `createdBefore` that no order records and
   * that are not the one an open basket's order would take (its newest unused), and answers them.
   * Safe to run from several instances at once: each certificate is removed by one of them.
   */
  removeUnused(createdBefore: Date, limit: number): Promise<RemovedCertificate[]>;
  /** Forgets claims made before `madeBefore`: their uploads died without adding or releasing. */
  removeExpiredClaims(madeBefore: Date): Promise<void>;
  /** The certificate if it belongs to this customer; null for anyone else's, as for an unknown id. */
  findOwned(id: string, customerId: string): Promise<TaxCertificate | null>;
}
export const TAX_CERTIFICATE_REPOSITORY = Symbol('TaxCertificateRepository');
