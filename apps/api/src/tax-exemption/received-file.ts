import type { ReceivedFile } from '@store/application';
import { CERTIFICATE_HEAD_BYTES, CERTIFICATE_TAIL_BYTES } from '@store/domain';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/** Read size while streaming a received file: a quarter of a megabyte at a time. */
const READ_CHUNK_BYTES = 262_144;

async function readAt(path: string, position: number, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * An upload multer wrote to a temporary file, as the use case takes it: its digest (one streamed
 * pass), its first and last bytes for the content checks, and its bytes as a stream for storage.
 * At most a chunk of it is in memory at any time.
 */
export async function receivedFile(path: string, size: number): Promise<ReceivedFile> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK_BYTES })) hash.update(chunk as Buffer);
  return {
    size,
    sha256: hash.digest('hex'),
    head: await readAt(path, 0, Math.min(size, CERTIFICATE_HEAD_BYTES)),
    tail: await readAt(path, Math.max(0, size - CERTIFICATE_TAIL_BYTES), Math.min(size, CERTIFICATE_TAIL_BYTES)),
    chunks: () => createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }),
  };
}
