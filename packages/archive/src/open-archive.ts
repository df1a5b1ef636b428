/*
 * openArchive: identify by magic (spec §0; extensions say nothing), undo Yaz0/Yay0 layers (nested ones too, each
 * inner layer bounded by what the original file could expand to), read RARC or U8, and give one folder tree.
 * Compressed RARC entries share the same bound: together they may not expand past what the input could give. RARC entries flagged compressed (0x04; Yaz0 with 0x80, Yay0 without) are expanded and
 * marked so writeArchive compresses them again. RARC folders are named by their parent's entry, never by the
 * node table (spec §2.7). Each entry keeps the offset of its record (U8 node, RARC directory entry) in the
 * decompressed archive, so a problem found in it (entry-names.ts) can say where the entry is, and the tree keeps
 * the archive's layout (archive-layout.ts), by which writeArchive writes it again as it was.
 */
import { hex, ParseError } from '@retromodel/binary';
import type { FileSection } from '@retromodel/scene';
import { rarcLayoutRecord, u8LayoutRecord } from './archive-layout.js';
import type { ArchiveEntry, ArchiveFolder, ArchiveTree, RarcArchiveMeta } from './archive-tree.js';
import { maxYaz0Output } from './lz-bounds.js';
import type { RarcEntry, RarcNode } from './rarc-file.js';
import { RarcFlags } from './rarc-file.js';
import { readRarc } from './read-rarc.js';
import { readU8, U8_MAGIC } from './read-u8.js';
import type { U8Folder, U8Node } from './u8-file.js';
import { decodeYay0, isYay0 } from './yay0-decode.js';
import { decodeYaz0, isYaz0 } from './yaz0-decode.js';

/** Compression layers undone before giving up (no real file has more than one). */
const MAX_LAYERS = 4;

function isRarc(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x52 && bytes[1] === 0x41 && bytes[2] === 0x52 && bytes[3] === 0x43;
}

function isU8(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0 === U8_MAGIC;
}

/**
 * Opens a RARC or U8 archive, plain or Yaz0/Yay0-compressed. Throws {@link ParseError} for anything else or for
 * damaged data. Each part read is added to `read`, so that `info` on a damaged archive shows what came before the
 * damage: each compression layer (`Yaz0 layer 1`, its stored and declared decoded sizes), then the archive's parts
 * as its reader lists them (`RARC header`, `RARC file "a.bdl"`, …), at offsets in the decoded bytes when it was
 * compressed.
 */
export function openArchive(bytes: Uint8Array, read: FileSection[] = []): ArchiveTree {
  let compression: ArchiveTree['compression'] = 'none';
  let payload = bytes;
  for (let layer = 0; layer < MAX_LAYERS && (isYaz0(payload) || isYay0(payload)); layer++) {
    const yaz0 = isYaz0(payload);
    if (layer === 0) compression = yaz0 ? 'yaz0' : 'yay0';
    else checkNestedSize(payload, yaz0, bytes.length);
    read.push({
      name: `${yaz0 ? 'Yaz0' : 'Yay0'} layer ${layer + 1}`,
      offset: 0,
      size: payload.length,
      detail: `${payload.length} bytes stored, ${declaredSize(payload)} declared decoded${layer > 0 ? ' (inside the layer above)' : ''}`,
    });
    payload = yaz0 ? decodeYaz0(payload) : decodeYay0(payload);
  }
  const parts: FileSection[] = [];
  try {
    if (isRarc(payload)) return openRarc(payload, compression, { left: maxYaz0Output(bytes.length) }, parts);
    if (isU8(payload)) return openU8(payload, compression, parts);
  } finally {
    // The archive's parts read, also when its reader stopped at damage, named for the format.
    const format = isRarc(payload) ? 'RARC' : 'U8';
    for (const part of parts) read.push({ ...part, name: `${format} ${part.name}` });
  }
  throw new ParseError(
    { format: compression === 'none' ? 'rarc' : compression, section: 'header', offset: 0 },
    'the data is neither a RARC nor a U8 archive (nor Yaz0/Yay0 holding one)',
  );
}

/** The decoded size a Yaz0/Yay0 header declares (u32 at 4; 0 when the header is cut before it). */
function declaredSize(payload: Uint8Array): number {
  return payload.length < 8 ? 0 : ((payload[4]! << 24) | (payload[5]! << 16) | (payload[6]! << 8) | payload[7]!) >>> 0;
}

/**
 * Each layer can expand ~87×, so nested layers could ask for sizes no input justifies: an inner layer may declare
 * no more than the original file itself could expand to.
 */
function checkNestedSize(payload: Uint8Array, yaz0: boolean, originalLength: number): void {
  if (payload.length < 8) return;
  const declared = declaredSize(payload);
  const bound = maxYaz0Output(originalLength);
  if (declared > bound) {
    throw new ParseError(
      { format: yaz0 ? 'yaz0' : 'yay0', section: 'header', offset: 4 },
      `nested layer declares ${hex(declared)} bytes, more than the ${hex(originalLength)}-byte file can expand to (${hex(bound)})`,
    );
  }
}

function openU8(bytes: Uint8Array, compression: ArchiveTree['compression'], read: FileSection[]): ArchiveTree {
  const file = readU8(bytes, read);
  const offsets = new Map<U8Node, number>(
    file.layout?.nodes.map((node, i) => [node, file.layout!.rootOffset + i * 12]),
  );
  const fromFolder = (folder: U8Folder): ArchiveFolder => ({
    kind: 'folder',
    name: folder.name,
    children: folder.children.map((c) =>
      c.kind === 'file' ? { kind: 'file', name: c.name, bytes: c.data, offset: offsets.get(c)! } : fromFolder(c),
    ),
    offset: offsets.get(folder)!,
  });
  const u8 = u8LayoutRecord(file)!;
  return { format: 'u8', compression, root: fromFolder(file.root), layout: { format: 'u8', compression, u8 } };
}

function openRarc(
  bytes: Uint8Array,
  compression: ArchiveTree['compression'],
  budget: Budget,
  read: FileSection[],
): ArchiveTree {
  const file = readRarc(bytes, read);
  const entries = file.layout?.entries ?? [];
  let byIndex = true;
  entries.forEach((e, i) => {
    if (e.kind === 'file' && e.id !== i) byIndex = false;
  });
  const meta: RarcArchiveMeta = {
    format: 'rarc',
    nextFileId: file.nextFileId,
    syncFileIds: file.syncFileIds,
    idScheme: byIndex ? 'index' : 'stored',
    entryCount: entries.length,
  };
  const offsets = new Map<RarcEntry, number>(entries.map((e, i) => [e, 0x20 + file.layout!.entryOffset + i * 0x14]));
  const nodes = new Map((file.layout?.nodes ?? []).map((node, i) => [node, i]));
  const firstEntries = file.layout?.firstEntries ?? [];
  const root = fromRarcNode(file.root, file.root.name, 0xffff, RarcFlags.DIR, { budget, offsets, nodes, firstEntries });
  const rarc = rarcLayoutRecord(file)!;
  return { format: 'rarc', compression, root, meta, layout: { format: 'rarc', compression, rarc } };
}

/** Bytes compressed entries may still expand to, all together: what the original file itself could give. */
interface Budget {
  left: number;
}

function expandEntry(data: Uint8Array, yaz0: boolean, name: string, budget: Budget): Uint8Array {
  const declared = declaredSize(data);
  if (declared > budget.left) {
    throw new ParseError(
      { format: yaz0 ? 'yaz0' : 'yay0', section: `entry ${name}`, offset: 4 },
      `compressed entry declares ${hex(declared)} bytes, more than the input can expand to (${hex(budget.left)} left)`,
    );
  }
  const out = yaz0 ? decodeYaz0(data) : decodeYay0(data);
  budget.left -= out.length;
  return out;
}

/**
 * What building the tree from the nodes carries along: the expansion budget, each entry's record offset, each
 * node's index and the first entry of each node's block.
 */
interface RarcWalk {
  budget: Budget;
  offsets: Map<RarcEntry, number>;
  nodes: Map<RarcNode, number>;
  firstEntries: number[];
}

function fromRarcNode(node: RarcNode, name: string, id: number, flags: number, walk: RarcWalk): ArchiveFolder {
  const dotIds: [number, number] = [0xffff, 0xffff];
  const children: ArchiveEntry[] = [];
  for (const e of node.entries) {
    const offset = walk.offsets.get(e)!;
    if (e.kind === 'dot') dotIds[e.name === '.' ? 0 : 1] = e.id;
    else if (e.kind === 'folder') children.push({ ...fromRarcNode(e.node, e.name, e.id, e.flags, walk), offset });
    else if ((e.flags & RarcFlags.COMPRESSED) !== 0) {
      const yaz0 = (e.flags & RarcFlags.YAZ0) !== 0;
      const bytes = expandEntry(e.data, yaz0, e.name, walk.budget);
      children.push({
        kind: 'file',
        name: e.name,
        bytes,
        meta: { format: 'rarc', id: e.id, flags: e.flags, compression: yaz0 ? 'yaz0' : 'yay0' },
        offset,
      });
    } else {
      const meta = { format: 'rarc' as const, id: e.id, flags: e.flags };
      children.push({ kind: 'file', name: e.name, bytes: e.data, meta, offset });
    }
  }
  const index = walk.nodes.get(node)!;
  const place = { node: index, firstEntry: walk.firstEntries[index]! };
  return { kind: 'folder', name, children, meta: { format: 'rarc', type: node.type, id, flags, dotIds, ...place } };
}
