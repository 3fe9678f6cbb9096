import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Counts the rows of COPY text-format data passing through (one line a row: PostgreSQL escapes
 * newlines inside values) and hashes its bytes (hex SHA-256).
 */
export class CountingHash extends Transform {
  rows = 0;
  bytes = 0;
  private readonly hash = createHash('sha256');

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.rows++;
    this.push(chunk);
    done();
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Rows and SHA-256 of a COPY text-format file, read as a stream. */
export async function hashCopyFile(path: string): Promise<{ rows: number; bytes: number; sha256: string }> {
  const counter = new CountingHash();
  await pipeline(
    createReadStream(path),
    counter,
    new Writable({
      write: (_chunk, _encoding, done) => done(),
    }),
  );
  return { rows: counter.rows, bytes: counter.bytes, sha256: counter.digest() };
}
