import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { FileContent, FileSource, FileStorage, StoredFile } from '@store/application';
import { Readable } from 'node:stream';
import { sha256Hex, verifiedContent } from './file-digest';

export interface S3FileStorageOptions {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible service's address (MinIO, Ceph, R2…); none means AWS itself. */
  readonly endpoint?: string;
  /** Bucket in the path rather than the host name, as most S3-compatible services need. */
  readonly forcePathStyle?: boolean;
  /** Keys from the environment; none lets the SDK find them (an instance or task role). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/** The object's user metadata carries the digest, so a read can be checked without the database. */
const DIGEST_METADATA = 'sha256';

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Files as objects in an S3-compatible bucket, for when they should not live in the database. The
 * SDK's default CRC checksums on every request are turned off (WHEN_REQUIRED): several
 * S3-compatible services refuse them, and our own SHA-256 already checks every read.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3FileStorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, content: Uint8Array | FileSource, contentType: string): Promise<StoredFile> {
    const size = content instanceof Uint8Array ? content.length : content.size;
    const stored: StoredFile = { key, contentType, size, sha256: content instanceof Uint8Array ? sha256Hex(content) : content.sha256 };
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        // A file received to disk is streamed up with its length declared, never held whole.
        Body: content instanceof Uint8Array ? content : Readable.from(content.chunks()),
        ContentType: contentType,
        ContentLength: size,
        Metadata: { [DIGEST_METADATA]: stored.sha256 },
        // Never overwrite: a key names one file for good (where the service supports conditions).
        IfNoneMatch: '*',
      }),
    );
    return stored;
  }

  async get(key: string): Promise<FileContent | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      // An object without a body fails the digest check below, as it should.
      const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array(0);
      const stored: StoredFile = {
        key,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: Number(object.ContentLength ?? bytes.length),
        sha256: object.Metadata?.[DIGEST_METADATA] ?? '',
      };
      return verifiedContent(stored, bytes);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Closes the client's pooled connections. */
  close(): void {
    this.client.destroy();
  }
}
