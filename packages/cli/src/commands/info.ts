/*
 * `retromodel info`: what a file is and what reading it gives, as an inspection report (info/report.ts):
 * its sections, and for the formats that read into a scene its meshes, materials, textures, animations,
 * skins and bounding box, with every diagnostic. Text, Markdown, CSV or JSON. For an archive, its files and
 * which of its animation files go with which model.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { FileInfo } from '@retromodel/scene';
import { detectFormat, looksLikeArchive, type ReadOptionsByFormat, readScene } from '@retromodel/transcode';
import { folderSidecars } from '@retromodel/transcode/node';
import { describeError } from '../describe-error.js';
import { type ReportFormat, renderReport } from '../info/render-report.js';
import { buildReport } from '../info/report.js';
import { type CliIo, UsageError } from '../io.js';

const formats = ['text', 'md', 'csv', 'json'];

export async function infoCommand(
  args: { file?: string; format: string; read: ReadOptionsByFormat; animations: string[] },
  io: CliIo,
): Promise<number> {
  if (!args.file) throw new UsageError('info needs a file');
  if (!formats.includes(args.format))
    throw new UsageError(`--format must be one of ${formats.join(', ')}, not '${args.format}'`);
  const buf = await readFile(args.file).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(e.code === 'ENOENT' ? `no such file: ${args.file}` : e.message);
  });
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  const fileName = basename(args.file);
  if (looksLikeArchive(bytes)) {
    // An archive: what is inside it (`retromodel ls`), and which animations go with which model.
    const { lsCommand } = await import('./archive.js');
    return lsCommand({ file: args.file, json: args.format === 'json', animations: true }, io);
  }
  const adapter = detectFormat(bytes, fileName);
  const sidecars = folderSidecars(dirname(args.file), { files: args.animations });
  const codec = await adapter.load();
  // A damaged file still gets a report: the sections read before the error, then the error (exit 1).
  let error: unknown;
  const info: FileInfo | undefined = codec.info
    ? await Promise.resolve(codec.info(bytes, { fileName, sidecars })).catch((e: unknown) => {
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
  const failure = error === undefined ? undefined : describeError(error);
  const report = buildReport(args.file, bytes.length, adapter, info, read, failure);
  io.out(args.format === 'json' ? JSON.stringify(report, null, 2) : renderReport(report, args.format as ReportFormat));
  return failure === undefined ? 0 : 1;
}
