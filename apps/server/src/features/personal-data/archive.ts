import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { personalDataArchiveName } from '@shortlist/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type TarEntry, writeTar } from '../admin/tar.ts';
import type { FileDriver } from '../items/file-driver.ts';
import type { ArchivedFile } from './collect.ts';

export interface ArchivePart {
  /** `data.json`, or `team-<id>/data.json` in a superuser's archive. */
  path: string;
  data: unknown;
  files: ArchivedFile[];
}

/** The entries: each part's JSON, then its files streamed from the storage one at a time. */
async function* entriesOf(files: FileDriver, parts: ArchivePart[]): AsyncGenerator<TarEntry> {
  for (const part of parts) {
    const json = Buffer.from(`${JSON.stringify(part.data, null, 2)}\n`);
    yield { name: part.path, size: json.length, open: () => [json] };
    for (const file of part.files) {
      const stored = await files.get(file.key);
      // Listed in the JSON, gone from the storage: the JSON says where it would be, nothing more to add.
      if (!stored) continue;
      yield { name: file.path, size: stored.size, open: () => stored.body };
    }
  }
}

/**
 * Sends everything gathered about a person as one gzipped tar (`tar -xzf`), written while it is sent: the
 * files are never held whole in memory. A failure midway cuts the download, since the status is sent.
 */
export function sendPersonArchive(
  request: FastifyRequest,
  reply: FastifyReply,
  { files, parts }: { files: FileDriver; parts: ArchivePart[] },
) {
  const archive = createGzip();
  pipeline(Readable.from(writeTar(entriesOf(files, parts))), archive, (error) => {
    if (error) request.log.error({ err: error }, 'personal data archive failed');
  });
  return reply
    .type('application/gzip')
    .header('content-disposition', `attachment; filename="${personalDataArchiveName(new Date())}"`)
    .send(archive);
}
