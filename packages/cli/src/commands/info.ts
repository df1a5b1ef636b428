/*
 * `retromodel info`: what a file is and what reading it gives, as an inspection report (info/report.ts):
 * its sections, and for the formats that read into a scene its meshes, materials, textures, animations,
 * skins and bounding box, with every diagnostic. Text, Markdown, CSV or JSON. For an archive, its files and
 * which of its animation files go with which model.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { FileInfo } from '@retromodel/scene';
import {
  detectFormat,
  looksLikeArchive,
  openArchiveBytes,
  type ReadOptionsByFormat,
  readScene,
} from '@retromodel/transcode';
import { folderSidecars } from '@retromodel/transcode/node';
import { type ReportFormat, renderReport } from '../info/render-report.js';
import { buildReport } from '../info/report.js';
import { type CliIo, UsageError } from '../io.js';

const formats = ['text', 'md', 'csv', 'json'];
const archiveFormat = { id: 'archive', name: 'GameCube/Wii archive (RARC or U8, plain or Yaz0/Yay0)' };

export async function infoCommand(
  args: { file?: string; format: string; read: ReadOptionsByFormat; animations: string[] },
  io: CliIo,
): Promise<number> {
  if (!args.file) throw new UsageError('info needs a file');
  if (!formats.includes(args.format))
    throw new UsageError(`--format must be one of ${formats.join(', ')}, not '${args.format}'`);
  // Read synchronously, as convert reads: node:fs/promises is a module of its own to load (about 1 ms of a process).
  let buf: Buffer;
  try {
    buf = readFileSync(args.file);
  } catch (e) {
    const error = e as NodeJS.ErrnoException;
    throw new UsageError(error.code === 'ENOENT' ? `no such file: ${args.file}` : error.message);
  }
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  const fileName = basename(args.file);
  if (looksLikeArchive(bytes)) {
    // An archive: what is inside it (`retromodel ls`), and which animations go with which model.
    const { archiveParts, lsCommand } = await import('./archive.js');
    const damage = await openArchiveBytes(bytes).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (damage === undefined)
      return lsCommand({ file: args.file, bytes, json: args.format === 'json', animations: true }, io);
    // One that does not open gets a report too: the parts read before the damage, then the error (exit 1).
    const info: FileInfo = { format: 'archive', sections: await archiveParts(bytes), diagnostics: [] };
    const report = buildReport(args.file, bytes.length, archiveFormat, info, undefined, damage);
    io.out(
      args.format === 'json' ? JSON.stringify(report, null, 2) : renderReport(report, args.format as ReportFormat),
    );
    return 1;
  }
  const adapter = detectFormat(bytes, fileName);
  const sidecars = folderSidecars(dirname(args.file), { files: args.animations });
  const codec = await adapter.load();
  // A damaged file still gets a report: the sections read before the error, then the error (exit 1).
  let error: unknown;
  const info: FileInfo | undefined = codec.info
    ? await Promise.resolve()
        .then(() => codec.info!(bytes, { fileName, sidecars }))
        .catch((e: unknown) => {
          error = e;
          return undefined;
        })
    : undefined;
  error ??= info?.error;
  const read =
    adapter.can.read && error === undefined
      ? await readScene({ bytes, fileName, sidecars }, { read: args.read }).catch((e: unknown) => {
          error = e;
          return undefined;
        })
      : undefined;
  const report = buildReport(args.file, bytes.length, adapter, info, read, error);
  io.out(args.format === 'json' ? JSON.stringify(report, null, 2) : renderReport(report, args.format as ReportFormat));
  return error === undefined ? 0 : 1;
}
