/*
 * `retromodel ls`, `extract` and `pack`: GameCube/Wii archives (RARC or U8, plain or Yaz0/Yay0-compressed)
 * listed, unpacked into a folder, and packed from one, through @retromodel/archive.
 * An archive's entry names are data. `ls` prints them escaped (control characters as `\x1b`) and lists the entries
 * whose names cannot be file names (`..`, `a/b`, twins in one folder: archive's checkEntryNames); `extract` refuses
 * such an archive before it writes anything, and writes every other one only through the confinement rule
 * (pathInside), into a folder where nothing is in the way. `pack` never writes its archive inside the folder it
 * packs, and replaces an existing file only with --force. SIGINT and SIGTERM let a write finish or undo itself
 * (signals.ts).
 */
import { realpathSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ArchiveEntry, ArchiveFolder, ArchiveTree } from '@retromodel/archive';
import { pathInside, printablePath } from '@retromodel/scene';
import { adapters, archiveFiles, detectFormat, openArchiveBytes } from '@retromodel/transcode';
import { type CliIo, formatBytes, UsageError } from '../io.js';
import { holdSignals } from '../signals.js';
import { statIfAny } from '../walk-inputs.js';
import { prepareFolder, writeFilesAtomic } from '../write-atomic.js';

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

/** The entries whose names cannot be file names (each message names the entry and the offset of its record). */
async function nameProblems(tree: ArchiveTree) {
  const { checkEntryNames } = await import('@retromodel/archive');
  return checkEntryNames(tree);
}

export async function lsCommand(args: { file?: string; json: boolean }, io: CliIo): Promise<number> {
  const tree = await openFile(args.file);
  const files = archiveFiles(tree).map(({ names, file }) => ({
    path: printablePath(names),
    size: file.bytes.length,
    kind: kindOf(names.at(-1)!, file.bytes),
  }));
  const problems = (await nameProblems(tree)).map(({ code, message, location }) => ({ code, message, location }));
  if (args.json) {
    const listing = { format: tree.format, compression: tree.compression, files, problems };
    io.out(JSON.stringify(listing, null, 2));
    return 0;
  }
  const total = files.reduce((n, f) => n + f.size, 0);
  io.out(
    `${args.file}: ${tree.format.toUpperCase()}${tree.compression === 'none' ? '' : `, ${tree.compression}`}, ${files.length} files, ${formatBytes(total)}`,
  );
  const width = Math.max(0, ...files.map((f) => String(f.size).length));
  for (const f of files) io.out(`  ${String(f.size).padStart(width)}  ${f.kind.padEnd(5)}  ${f.path}`);
  if (problems.length > 0) {
    io.out(`${problems.length} entr${problems.length === 1 ? 'y' : 'ies'} cannot be extracted as named:`);
    for (const p of problems) io.out(`  ${p.message}`);
  }
  return 0;
}

export async function extractCommand(args: { file?: string; output?: string }, io: CliIo): Promise<number> {
  const tree = await openFile(args.file);
  const file = args.file!;
  const problems = await nameProblems(tree);
  if (problems.length > 0) {
    io.err(`error: ${file}: nothing extracted; ${problems.length} entry names cannot be file names:`);
    for (const p of problems) io.err(`  ${p.message}`);
    return 1;
  }
  const { outputNames } = await import('@retromodel/archive');
  const folder = resolve(args.output ?? join(dirname(file), basename(file, extname(file))));
  const files = archiveFiles(tree).map(({ names, file: f }) => ({
    path: pathInside(folder, outputNames(tree, names)),
    bytes: f.bytes,
  }));
  for (const f of files)
    if (statIfAny(f.path) || statIfAny(dirname(f.path))?.isFile())
      throw new UsageError(`${f.path} exists; extract into an empty folder`);
  if (io.signals) holdSignals();
  prepareFolder(folder);
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

/** `path` made absolute, with the links resolved in the part of it that exists. */
function realPath(path: string): string {
  const rest: string[] = [];
  let at = resolve(path);
  while (!statIfAny(at)) {
    if (dirname(at) === at) return resolve(path);
    rest.unshift(basename(at));
    at = dirname(at);
  }
  return join(realpathSync(at), ...rest);
}

/** True when `path` is `folder` or lies below it, links resolved. */
function isWithin(path: string, folder: string): boolean {
  const rel = relative(realPath(folder), realPath(path));
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

export async function packCommand(
  args: { folder?: string; output?: string; yaz0: boolean; format?: string; force: boolean },
  io: CliIo,
): Promise<number> {
  if (!args.folder) throw new UsageError('give the folder to pack');
  if (!args.output) throw new UsageError('give the archive to write with -o');
  if (!(await stat(args.folder).catch(() => undefined))?.isDirectory())
    throw new UsageError(`no such folder: ${args.folder}`);
  const format = args.format ?? 'rarc';
  if (format !== 'rarc' && format !== 'u8') throw new UsageError(`--format must be rarc or u8, not '${format}'`);
  const output = resolve(args.output);
  if (isWithin(output, args.folder))
    throw new UsageError(`-o ${args.output} lies inside the folder being packed; write the archive elsewhere`);
  if (statIfAny(output) && !args.force)
    throw new UsageError(`${args.output} exists; give --force to replace it, or another -o`);
  const compressed = args.yaz0 || ['.szs', '.carc'].includes(extname(args.output).toLowerCase());
  const root = await folderTree(args.folder, basename(resolve(args.folder)));
  const { writeArchive } = await import('@retromodel/archive');
  const bytes = writeArchive({ format, compression: compressed ? 'yaz0' : 'none', root });
  if (io.signals) holdSignals();
  prepareFolder(dirname(output));
  await writeFilesAtomic([{ path: pathInside(dirname(output), [basename(output)]), bytes }]);
  io.out(`${args.output}: ${format.toUpperCase()}${compressed ? ', yaz0' : ''}, ${formatBytes(bytes.length)}`);
  return 0;
}
