/*
 * `retromodel ls`, `extract` and `pack`: GameCube/Wii archives (RARC or U8, plain or Yaz0/Yay0-compressed)
 * listed, unpacked into a folder, and packed from one, through @retromodel/archive.
 * An archive's entry names are data. `ls` prints them escaped (control characters as `\x1b`) and lists the entries
 * whose names cannot be file names (`..`, `a/b`, twins in one folder: archive's checkEntryNames); `extract` refuses
 * such an archive before it writes anything, and writes every other one only through the confinement rule
 * (pathInside), into a folder where nothing is in the way. `pack` never writes its archive inside the folder it
 * packs, and replaces an existing file only with --force. SIGINT and SIGTERM let a write finish or undo itself
 * (signals.ts).
 * `extract` also writes the archive's layout (entry order, IDs, flags, offsets, padding, compression: what a folder
 * cannot hold) to retromodel-layout.json in the folder, and makes its empty folders; `pack` rebuilds the archive by
 * that file when it is there (byte for byte when nothing was edited; packages/archive/docs/layout.md). The file is
 * data from a folder anyone may have edited: read with a size limit, checked field by field (parseLayout), its
 * paths only ever looked up in the folder tree read from disk.
 */
import { mkdirSync, realpathSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ArchiveEntry, ArchiveFolder, ArchiveLayout, ArchiveTree } from '@retromodel/archive';
import { type FileSection, pathInside, printablePath } from '@retromodel/scene';
import { adapters, archiveFiles, detectFormat, openArchiveBytes } from '@retromodel/transcode';
import { type CliIo, formatBytes, UsageError } from '../io.js';
import { holdSignals } from '../signals.js';
import { statIfAny } from '../walk-inputs.js';
import { prepareFolder, writeFilesAtomic } from '../write-atomic.js';

async function openFile(file: string | undefined): Promise<ArchiveTree> {
  return (await openBytes(file)).tree;
}

/**
 * The archive's bytes (`read`, when the caller has them, else the file's) and its tree (the same bytes array
 * opens the same tree again, without opening it).
 */
async function openBytes(
  file: string | undefined,
  read?: Uint8Array,
): Promise<{ bytes: Uint8Array; tree: ArchiveTree }> {
  const bytes = await archiveBytes(file, read);
  return { bytes, tree: await openArchiveBytes(bytes) };
}

/** The archive's bytes: `read`, when the caller has them, else the file's. */
async function archiveBytes(file: string | undefined, read?: Uint8Array): Promise<Uint8Array> {
  if (!file) throw new UsageError('give an archive');
  const buf =
    read ??
    (await readFile(file).catch((e: NodeJS.ErrnoException) => {
      throw new UsageError(e.code === 'ENOENT' ? `no such file: ${file}` : e.message);
    }));
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/**
 * What the readers got through in an archive that does not open, before the damage: its compression layers, its
 * header and tables, and each file read, with offsets and sizes (openArchive lists them as it reads).
 */
export async function archiveParts(bytes: Uint8Array): Promise<FileSection[]> {
  const { openArchive } = await import('@retromodel/archive');
  const read: FileSection[] = [];
  try {
    openArchive(bytes, read);
  } catch {
    // The damage itself is the caller's to report; only the parts read before it are wanted here.
  }
  return read;
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

/**
 * `ls`, and `info` on an archive (`animations`: also which of its animation files go with which model, as
 * convert attaches them; files of one base name play as one clip).
 */
export async function lsCommand(
  args: { file?: string; bytes?: Uint8Array; json: boolean; animations?: boolean },
  io: CliIo,
): Promise<number> {
  const bytes = await archiveBytes(args.file, args.bytes);
  const tree = await openArchiveBytes(bytes).catch(async (e: unknown) => {
    // A damaged archive: what was read before the damage (its layers, tables and files), then the error.
    if (!args.json) {
      io.out(`${args.file}: damaged; read before the damage:`);
      for (const s of await archiveParts(bytes))
        io.out(`  0x${s.offset.toString(16).padStart(6, '0')}  ${String(s.size).padStart(8)}  ${s.name}`);
    }
    throw e;
  });
  const files = archiveFiles(tree).map(({ names, file }) => ({
    path: printablePath(names),
    size: file.bytes.length,
    kind: kindOf(names.at(-1)!, file.bytes),
  }));
  const problems = (await nameProblems(tree)).map(({ code, message, location }) => ({ code, message, location }));
  const models = args.animations ? await modelAnimations(bytes) : undefined;
  if (args.json) {
    const listing = {
      format: tree.format,
      compression: tree.compression,
      files,
      problems,
      ...(models ? { models } : {}),
    };
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
  if (models) printModelAnimations(models, io);
  return 0;
}

/** Each model of the archive, the clips its animation files make, and what was left and why. */
async function modelAnimations(bytes: Uint8Array) {
  const { archiveAnimations } = await import('@retromodel/transcode');
  return (await archiveAnimations(bytes)).map(({ model, clips, diagnostics }) => ({
    model,
    clips,
    diagnostics: diagnostics.filter((d) => d.severity !== 'info'),
  }));
}

function printModelAnimations(models: Awaited<ReturnType<typeof modelAnimations>>, io: CliIo): void {
  io.out('animations by model (files of one base name play as one clip):');
  for (const { model, clips, diagnostics } of models) {
    io.out(`  ${model}: ${clips.length ? `${clips.length} clip${clips.length === 1 ? '' : 's'}` : 'none'}`);
    const width = Math.max(0, ...clips.map((c) => c.name.length));
    for (const c of clips) io.out(`    ${c.name.padEnd(width)}  ${c.files.join(', ')}`);
    for (const d of diagnostics) io.out(`    ${d.severity} ${d.code}: ${d.message}`);
  }
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
  const { LAYOUT_FILE_NAME, layoutToJson, outputNames } = await import('@retromodel/archive');
  const folder = resolve(args.output ?? join(dirname(file), basename(file, extname(file))));
  const files = archiveFiles(tree).map(({ names, file: f }) => ({
    path: pathInside(folder, outputNames(tree, names)),
    bytes: f.bytes,
  }));
  const clash = files.some((f) => f.path.toLowerCase() === pathInside(folder, [LAYOUT_FILE_NAME]).toLowerCase());
  if (clash)
    io.err(
      `warning: ${file} holds a file named ${LAYOUT_FILE_NAME}; no layout written (pack will lay the archive out anew)`,
    );
  else if (tree.layout)
    files.push({
      path: pathInside(folder, [LAYOUT_FILE_NAME]),
      bytes: new TextEncoder().encode(layoutToJson(tree.layout)),
    });
  const empty = emptyFolders(tree.root, []).map((names) => pathInside(folder, outputNames(tree, names)));
  for (const path of [...files.map((f) => f.path), ...empty])
    if (statIfAny(path) || statIfAny(dirname(path))?.isFile())
      throw new UsageError(`${path} exists; extract into an empty folder`);
  if (io.signals) holdSignals();
  prepareFolder(folder);
  await writeFilesAtomic(files);
  for (const path of empty) mkdirSync(path, { recursive: true });
  const layout = clash ? '' : `, its layout in ${LAYOUT_FILE_NAME}`;
  const count = files.length - (clash ? 0 : 1);
  io.out(`${count} file${count === 1 ? '' : 's'} extracted to ${folder}${layout}`);
  return 0;
}

/** The names of every folder below `folder` that holds nothing (an archive may have some; a folder keeps them). */
function emptyFolders(folder: ArchiveFolder, names: string[]): string[][] {
  return folder.children.flatMap((c) =>
    c.kind === 'file' ? [] : c.children.length === 0 ? [[...names, c.name]] : emptyFolders(c, [...names, c.name]),
  );
}

/** The folder as an archive tree: files before sub-folders, each in name order; `leave` names files of its own left out. */
async function folderTree(path: string, name: string, leave: string[] = []): Promise<ArchiveFolder> {
  const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  const children: ArchiveEntry[] = [];
  for (const e of entries.filter((x) => x.isFile() && !leave.includes(x.name)))
    children.push({ kind: 'file', name: e.name, bytes: new Uint8Array(await readFile(join(path, e.name))) });
  for (const e of entries.filter((x) => x.isDirectory())) children.push(await folderTree(join(path, e.name), e.name));
  return { kind: 'folder', name, children };
}

/** The layout file of a folder `extract` wrote, checked; undefined when there is none. */
async function readLayout(folder: string): Promise<ArchiveLayout | undefined> {
  const { LAYOUT_FILE_NAME, MAX_LAYOUT_BYTES, parseLayout } = await import('@retromodel/archive');
  const path = pathInside(folder, [LAYOUT_FILE_NAME]);
  const info = statIfAny(path);
  if (!info?.isFile()) return undefined;
  const fix = `; fix it, or delete it to pack without the archive's layout`;
  if (info.size > MAX_LAYOUT_BYTES)
    throw new Error(`${path} is ${formatBytes(info.size)}, larger than a layout file can be${fix}`);
  try {
    return parseLayout(await readFile(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}${fix}`);
  }
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
  if (args.format !== undefined && args.format !== 'rarc' && args.format !== 'u8')
    throw new UsageError(`--format must be rarc or u8, not '${args.format}'`);
  const output = resolve(args.output);
  if (isWithin(output, args.folder))
    throw new UsageError(`-o ${args.output} lies inside the folder being packed; write the archive elsewhere`);
  if (statIfAny(output) && !args.force)
    throw new UsageError(`${args.output} exists; give --force to replace it, or another -o`);
  const { LAYOUT_FILE_NAME, encodeYay0, encodeYaz0, treeForLayout, writeArchive, writeWithLayout } = await import(
    '@retromodel/archive'
  );
  const folder = resolve(args.folder);
  const layout = await readLayout(folder);
  if (layout && args.format !== undefined && args.format !== layout.format)
    throw new UsageError(
      `--format ${args.format}: ${LAYOUT_FILE_NAME} is the layout of a ${layout.format} archive; drop --format, or delete the layout file`,
    );
  const format = layout?.format ?? args.format ?? 'rarc';
  const yaz0 = args.yaz0 || ['.szs', '.carc'].includes(extname(args.output).toLowerCase());
  const compression = yaz0 ? 'yaz0' : (layout?.compression ?? 'none');
  const root = await folderTree(folder, basename(folder), layout ? [LAYOUT_FILE_NAME] : []);
  let bytes: Uint8Array;
  let how = '';
  if (layout) {
    const written = writeWithLayout(treeForLayout(root, layout), layout);
    bytes =
      compression === 'yaz0'
        ? encodeYaz0(written.bytes)
        : compression === 'yay0'
          ? encodeYay0(written.bytes)
          : written.bytes;
    const changes = [
      [written.resized.length, 'changed in length'],
      [written.added.length, 'added'],
      [written.missing.length, 'left out (not in the folder)'],
    ].flatMap(([n, what]) => (n ? [`${n} ${what}`] : []));
    how = written.exact
      ? `, as extracted (${LAYOUT_FILE_NAME})`
      : `, by ${LAYOUT_FILE_NAME}: ${changes.join(', ') || 'laid out anew'}; unchanged entries kept their order and IDs`;
    for (const path of written.missing)
      io.err(`note: ${path} is in ${LAYOUT_FILE_NAME} but not in the folder; left out`);
  } else bytes = writeArchive({ format, compression, root });
  if (io.signals) holdSignals();
  prepareFolder(dirname(output));
  await writeFilesAtomic([{ path: pathInside(dirname(output), [basename(output)]), bytes }]);
  io.out(
    `${args.output}: ${format.toUpperCase()}${compression === 'none' ? '' : `, ${compression}`}, ${formatBytes(bytes.length)}${how}`,
  );
  return 0;
}
