import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { type FileInfo, sceneCounts } from '@retromodel/scene';
import { detectFormat, type ReadOptionsByFormat, readScene } from '@retromodel/transcode';
import { folderSidecars } from '@retromodel/transcode/node';
import { type CliIo, formatBytes, UsageError } from '../io.js';

/** `retromodel info`: the file's format, sections and counts, and what reading it reported. */
export async function infoCommand(
  args: { file?: string; json: boolean; read: ReadOptionsByFormat },
  io: CliIo,
): Promise<number> {
  if (!args.file) throw new UsageError('info needs a file');
  const buf = await readFile(args.file).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(e.code === 'ENOENT' ? `no such file: ${args.file}` : e.message);
  });
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  const fileName = basename(args.file);
  const adapter = detectFormat(bytes, fileName);
  const sidecars = folderSidecars(dirname(args.file));
  const codec = await adapter.load();
  const info: FileInfo | undefined = codec.info ? await codec.info(bytes, { fileName, sidecars }) : undefined;
  const read = adapter.can.read ? await readScene({ bytes, fileName, sidecars }, { read: args.read }) : undefined;
  const counts = read ? sceneCounts(read.scene) : undefined;
  const diagnostics = [...(info?.diagnostics ?? []), ...(read?.diagnostics ?? [])];
  if (args.json) {
    io.out(
      JSON.stringify(
        {
          file: args.file,
          size: bytes.length,
          format: adapter.id,
          version: info?.version,
          sections: info?.sections ?? [],
          counts,
          sidecarsUsed: read?.sidecarsUsed ?? [],
          diagnostics,
        },
        null,
        2,
      ),
    );
    return 0;
  }
  io.out(`${args.file}: ${adapter.name}${info?.version ? ` (${info.version})` : ''}, ${formatBytes(bytes.length)}`);
  if (info && info.sections.length > 0) {
    io.out('sections:');
    const width = Math.max(...info.sections.map((s) => s.name.length));
    for (const s of info.sections) {
      io.out(
        `  ${s.name.padEnd(width)}  @0x${s.offset.toString(16).padStart(6, '0')}  ${String(s.size).padStart(8)} B${s.detail ? `  ${s.detail}` : ''}`,
      );
    }
  }
  if (counts)
    io.out(
      `counts: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  if (read && read.sidecarsUsed.length > 0) io.out(`sidecars: ${read.sidecarsUsed.join(', ')}`);
  for (const d of diagnostics) io.out(`${d.severity}: ${d.code}: ${d.message}`);
  return 0;
}
