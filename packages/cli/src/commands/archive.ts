/*
 * `retromodel ls`, `extract` and `pack`: GameCube/Wii archives (RARC or U8, plain or Yaz0/Yay0-compressed)
 * listed, unpacked into a folder, and packed from one, through @retromodel/archive.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { ArchiveEntry, ArchiveFolder, ArchiveTree } from '@retromodel/archive';
import { adapters, archiveFiles, detectFormat, openArchiveBytes } from '@retromodel/transcode';
import { type CliIo, formatBytes, UsageError } from '../io.js';
import { writeFilesAtomic } from '../write-atomic.js';

async function openFile(file: string | undefined): Promise<ArchiveTree> {
  if (!file) throw new UsageError('give an archive');
  const bytes = await readFile(file).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(e.code === 'ENOENT' ? `no such file: ${file}` : e.message);
  });
  return openArchiveBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** What a file inside is: the id of the format that recognises it, or '-'. */
function kindOf(path: string, bytes: Uint8Array): string {
  try {
    return detectFormat(bytes, path, adapters).id;
  } catch {
    return '-';
  }
}

export async function lsCommand(args: { file?: string; json: boolean }, io: CliIo): Promise<number> {
  const tree = await openFile(args.file);
  const files = archiveFiles(tree).map(({ path, file }) => ({
    path,
    size: file.bytes.length,
    kind: kindOf(path, file.bytes),
  }));
  if (args.json) {
    io.out(JSON.stringify({ format: tree.format, compression: tree.compression, files }, null, 2));
    return 0;
  }
  const total = files.reduce((n, f) => n + f.size, 0);
  io.out(
    `${args.file}: ${tree.format.toUpperCase()}${tree.compression === 'none' ? '' : `, ${tree.compression}`}, ${files.length} files, ${formatBytes(total)}`,
  );
  const width = Math.max(0, ...files.map((f) => String(f.size).length));
  for (const f of files) io.out(`  ${String(f.size).padStart(width)}  ${f.kind.padEnd(5)}  ${f.path}`);
  return 0;
}

export async function extractCommand(args: { file?: string; output?: string }, io: CliIo): Promise<number> {
  const tree = await openFile(args.file);
  const file = args.file!;
  const folder = resolve(args.output ?? join(dirname(file), basename(file, extname(file))));
  const files = archiveFiles(tree).map(({ path, file: f }) => ({
    path: join(folder, ...path.split('/')),
    bytes: f.bytes,
  }));
  for (const f of files)
    if (await stat(f.path).catch(() => undefined))
      throw new UsageError(`${f.path} exists; extract into an empty folder`);
  await writeFilesAtomic(files);
  io.out(`${files.length} files extracted to ${folder}`);
  return 0;
}

/** The folder as an archive tree: files before sub-folders, each in name order. */
async function folderTree(path: string, name: string): Promise<ArchiveFolder> {
  const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  const children: ArchiveEntry[] = [];
  for (const e of entries.filter((x) => x.isFile()))
    children.push({ kind: 'file', name: e.name, bytes: new Uint8Array(await readFile(join(path, e.name))) });
  for (const e of entries.filter((x) => x.isDirectory())) children.push(await folderTree(join(path, e.name), e.name));
  return { kind: 'folder', name, children };
}

export async function packCommand(
  args: { folder?: string; output?: string; yaz0: boolean; format?: string },
  io: CliIo,
): Promise<number> {
  if (!args.folder) throw new UsageError('give the folder to pack');
  if (!args.output) throw new UsageError('give the archive to write with -o');
  if (!(await stat(args.folder).catch(() => undefined))?.isDirectory())
    throw new UsageError(`no such folder: ${args.folder}`);
  const format = args.format ?? 'rarc';
  if (format !== 'rarc' && format !== 'u8') throw new UsageError(`--format must be rarc or u8, not '${format}'`);
  const compressed = args.yaz0 || ['.szs', '.carc'].includes(extname(args.output).toLowerCase());
  const root = await folderTree(args.folder, basename(resolve(args.folder)));
  const { writeArchive } = await import('@retromodel/archive');
  const bytes = writeArchive({ format, compression: compressed ? 'yaz0' : 'none', root });
  await writeFilesAtomic([{ path: resolve(args.output), bytes }]);
  io.out(`${args.output}: ${format.toUpperCase()}${compressed ? ', yaz0' : ''}, ${formatBytes(bytes.length)}`);
  return 0;
}
