import { once } from 'node:events';
import { type Language, personalDataArchiveName } from '@shortlist/contract';
import archiver from 'archiver';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileDriver } from '../items/file-driver.ts';
import type { ArchivedFile } from './collect.ts';
import { type ArchiveDocument, personalDataReadme } from './readme.ts';

export interface ArchivePart {
  /** `` for a team's request, `team-<id>/` in a superuser's archive. */
  folder: string;
  team: { id: number; title: string };
  documents: Record<ArchiveDocument, unknown>;
  files: ArchivedFile[];
}

const json = (data: unknown) => Buffer.from(`${JSON.stringify(data, null, 2)}\n`);

/**
 * Adds the README, each part's documents, then its files streamed from the storage one at a time (the
 * next is opened once the last is written), and closes the archive.
 */
async function writeEntries(
  archive: archiver.Archiver,
  files: FileDriver,
  { parts, language, date }: { parts: ArchivePart[]; language: Language; date: Date },
) {
  const hasFolders = parts.some((part) => part.folder !== '');
  const readme = personalDataReadme(language, { teams: parts.map((part) => part.team), hasFolders, date });
  archive.append(readme, { name: 'README.txt', date });
  for (const part of parts) {
    for (const [name, data] of Object.entries(part.documents))
      archive.append(json(data), { name: `${part.folder}${name}`, date });
    for (const file of part.files) {
      const stored = await files.get(file.key);
      // Listed in items.json, gone from the storage: the document says where it would be, nothing more to add.
      if (!stored) continue;
      const written = once(archive, 'entry');
      archive.append(stored.body, { name: file.path, date });
      await written;
    }
  }
  await archive.finalize();
}

/**
 * Sends everything gathered about a person as one zip archive with a README.txt in their language, written
 * while it is sent: the files are never held whole in memory. A failure midway cuts the download, since
 * the status is sent.
 */
export function sendPersonArchive(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { files: FileDriver; parts: ArchivePart[]; language: Language },
) {
  const date = new Date();
  const archive = archiver('zip', { zlib: { level: 6 } });
  const fail = (error: unknown) => {
    request.log.error({ err: error }, 'personal data archive failed');
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  archive.on('error', fail);
  writeEntries(archive, options.files, { ...options, date }).catch(fail);
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${personalDataArchiveName(date)}"`)
    .send(archive);
}
