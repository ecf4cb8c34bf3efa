import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import type { FileDriver } from './file-driver.ts';

/** S3's smallest part but the last: the most an upload of unknown size holds in memory. */
const PART_BYTES = 5 * 1024 * 1024;
const REMOVE_CONCURRENCY = 8;

const isNotFound = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as Error).name);

/** The stream in pieces of at least PART_BYTES, the last one smaller (empty for an empty stream). */
async function* partsOf(body: Readable) {
  let pending: Buffer[] = [];
  let length = 0;
  let hasYielded = false;
  for await (const chunk of body) {
    pending.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    length += chunk.length;
    if (length >= PART_BYTES) {
      yield Buffer.concat(pending);
      hasYielded = true;
      pending = [];
      length = 0;
    }
  }
  if (length > 0 || !hasYielded) yield Buffer.concat(pending);
}

/**
 * Files as objects of one bucket on S3 or an S3-compatible server (MinIO, Garage, Ceph …),
 * addressed by path. A stream of known size goes up in one request; one of unknown size (an
 * upload being received) in parts of PART_BYTES, each sent before the next is read.
 */
export function createS3Driver(s3: S3Config): FileDriver {
  const client = new S3Client({
    endpoint: s3.url,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5000 },
  });
  const Bucket = s3.bucket;

  async function putInParts(Key: string, body: Readable, contentType: string | undefined) {
    const parts = partsOf(body);
    const first = await parts.next();
    if (first.done || first.value.length < PART_BYTES) {
      const bytes = first.done ? Buffer.alloc(0) : first.value;
      await client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentType }));
      return;
    }
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }),
    );
    try {
      const done: { ETag: string | undefined; PartNumber: number }[] = [];
      for (let part: IteratorResult<Buffer> = first; !part.done; part = await parts.next()) {
        const PartNumber = done.length + 1;
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: part.value }),
        );
        done.push({ ETag, PartNumber });
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: done } }),
      );
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw error;
    }
  }

  return {
    location: `s3://${s3.bucket}`,
    async put(Key, body, { contentType, size } = {}) {
      if (size === undefined) return putInParts(Key, body, contentType);
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: size, ContentType: contentType }),
      );
    },
    async get(Key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async sizeOf(Key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(keys) {
      // One request per key: DeleteObjects needs a checksum header that not every S3-compatible server takes.
      const queue = keys.filter((key): key is string => Boolean(key));
      const worker = async () => {
        for (let Key = queue.pop(); Key; Key = queue.pop()) {
          await client.send(new DeleteObjectCommand({ Bucket, Key }));
        }
      };
      await Promise.all(Array.from({ length: REMOVE_CONCURRENCY }, worker));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    // An upload cut short leaves an unfinished multipart upload, which the bucket's lifecycle rule aborts
    // (docs/operations.md); nothing of it is readable meanwhile.
    async removeLeftovers() {
      return 0;
    },
  };
}
