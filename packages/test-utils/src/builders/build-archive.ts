/*
 * Builds RARC and U8 archives (and Yaz0 streams) for tests from the spec's layouts (archives.md §2, §3, §5),
 * with no code of the archive package, so that a test can hand the reader what no writer would make: entries
 * named `..`, `a/b` or with control characters, two entries of one name in one folder, names over 255 bytes.
 * - U8 (§5): header 0x20, 12-byte nodes in depth-first pre-order (the root first, empty name), a pool of
 *   NUL-terminated names, then the data, every file 0x20-aligned, offsets from the archive start.
 * - RARC (§2): header 0x20, info block 0x20, nodes 0x10 (root first, then each folder's sub-folders as a group,
 *   recursively), directory entries 0x14 (each node's block ending with `.` and `..`), the string table
 *   (`.\0..\0` first) and the data, each table and file 0x20-aligned. IDs are entry indexes, sync byte 1.
 * - Yaz0 (§3): header 0x10 (the decompressed size), then groups of eight literals (header byte 0xFF).
 * Names are stored byte for byte: a string's char codes (latin1), or raw bytes. A file whose `bytes` is the same
 * Uint8Array object as an earlier file's shares that file's data, as packers store identical files once.
 */

/** A file or a folder of an archive to build; `name` as a string (latin1) or as raw bytes. */
export type ArchiveBuildEntry =
  | { name: string | Uint8Array; bytes: Uint8Array }
  | { name: string | Uint8Array; children: ArchiveBuildEntry[] };

const nameBytes = (name: string | Uint8Array) =>
  typeof name === 'string' ? Uint8Array.from(name, (c) => c.charCodeAt(0) & 0xff) : name;

const align32 = (n: number) => (n + 31) & ~31;

/** A growing pool of NUL-terminated strings; `add` returns a string's offset. */
function stringPool(initial: (string | Uint8Array)[] = []) {
  const parts: Uint8Array[] = [];
  let length = 0;
  const add = (name: string | Uint8Array) => {
    const at = length;
    const bytes = nameBytes(name);
    parts.push(bytes, new Uint8Array(1));
    length += bytes.length + 1;
    return at;
  };
  for (const name of initial) add(name);
  return {
    add,
    get length() {
      return length;
    },
    bytes(size = length) {
      const out = new Uint8Array(size);
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    },
  };
}

/** The data area of the files: each distinct Uint8Array once, 0x20-aligned, at offsets from `base`. */
function dataArea(files: Uint8Array[], base: number) {
  const offsets = new Map<Uint8Array, number>();
  let size = 0;
  for (const f of files) {
    if (offsets.has(f)) continue;
    offsets.set(f, base + size);
    size = align32(size + f.length);
  }
  return {
    size,
    offsetOf: (f: Uint8Array) => offsets.get(f)!,
    writeInto(out: Uint8Array) {
      for (const [f, at] of offsets) out.set(f, at);
    },
  };
}

const isFolder = (e: ArchiveBuildEntry): e is Extract<ArchiveBuildEntry, { children: unknown }> => 'children' in e;

/** A U8 archive holding `children` under its unnamed root. */
export function buildU8(children: ArchiveBuildEntry[]): Uint8Array {
  const nodes: { type: number; name: number; data: number | Uint8Array; size: number }[] = [];
  const pool = stringPool();
  const visit = (entry: ArchiveBuildEntry, parent: number) => {
    const index = nodes.length;
    const name = index === 0 ? pool.add('') : pool.add(entry.name);
    if (!isFolder(entry)) {
      nodes.push({ type: 0, name, data: entry.bytes, size: entry.bytes.length });
      return;
    }
    const node = { type: 1, name, data: parent, size: 0 };
    nodes.push(node);
    for (const child of entry.children) visit(child, index);
    node.size = nodes.length;
  };
  visit({ name: '', children }, 0);
  const headerSize = nodes.length * 12 + pool.length;
  const dataStart = align32(0x20 + headerSize);
  const files = nodes.flatMap((n) => (n.data instanceof Uint8Array ? [n.data] : []));
  const data = dataArea(files, dataStart);
  const out = new Uint8Array(dataStart + data.size);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x55aa382d);
  view.setUint32(4, 0x20);
  view.setUint32(8, headerSize);
  view.setUint32(12, dataStart);
  nodes.forEach((n, i) => {
    const at = 0x20 + i * 12;
    view.setUint32(at, ((n.type << 24) | n.name) >>> 0);
    view.setUint32(at + 4, n.data instanceof Uint8Array ? data.offsetOf(n.data) : n.data);
    view.setUint32(at + 8, n.size);
  });
  out.set(pool.bytes(), 0x20 + nodes.length * 12);
  data.writeInto(out);
  return out;
}

/** The RARC name hash (spec §2.6). */
function rarcHash(bytes: Uint8Array): number {
  let h = 0;
  for (const c of bytes) h = (h * 3 + c) & 0xffff;
  return h;
}

/** A RARC archive holding `children` under a root named `rootName`. */
export function buildRarc(children: ArchiveBuildEntry[], rootName = 'archive'): Uint8Array {
  type Folder = { name: string | Uint8Array; children: ArchiveBuildEntry[] };
  // Nodes: the root, then each folder's sub-folders as a consecutive group, recursively (§2.7).
  const folders: Folder[] = [{ name: rootName, children }];
  const parents: number[] = [-1];
  const childNodes = new Map<Folder, number[]>();
  const group = (index: number) => {
    const subs = folders[index]!.children.filter(isFolder);
    const first = folders.length;
    for (const s of subs) {
      folders.push(s);
      parents.push(index);
    }
    childNodes.set(
      folders[index]!,
      subs.map((_, i) => first + i),
    );
    for (let i = 0; i < subs.length; i++) group(first + i);
  };
  group(0);
  const pool = stringPool(['.', '..']);
  const entries: { id: number; name: Uint8Array; nameAt: number; flags: number; data: number | Uint8Array }[] = [];
  const nodeRecords = folders.map((folder, index) => {
    const first = entries.length;
    const subs = [...childNodes.get(folder)!];
    for (const child of folder.children) {
      const name = nameBytes(child.name);
      const nameAt = pool.add(name);
      if (isFolder(child)) entries.push({ id: 0xffff, name, nameAt, flags: 0x02, data: subs.shift()! });
      else entries.push({ id: entries.length, name, nameAt, flags: 0x11, data: child.bytes });
    }
    entries.push({ id: 0xffff, name: nameBytes('.'), nameAt: 0, flags: 0x02, data: index });
    entries.push({ id: 0xffff, name: nameBytes('..'), nameAt: 2, flags: 0x02, data: parents[index]! >>> 0 });
    const name = nameBytes(folder.name);
    const tag =
      index === 0
        ? 'ROOT'
        : String.fromCharCode(...name.subarray(0, 4))
            .toUpperCase()
            .padEnd(4, ' ');
    return { tag, nameAt: pool.add(name), hash: rarcHash(name), count: entries.length - first, first };
  });
  const nodeAt = 0x40;
  const entryAt = align32(nodeAt + folders.length * 0x10);
  const stringAt = align32(entryAt + entries.length * 0x14);
  const stringSize = align32(pool.length);
  const dataAt = stringAt + stringSize;
  const files = entries.flatMap((e) => (e.data instanceof Uint8Array ? [e.data] : []));
  const data = dataArea(files, 0);
  const out = new Uint8Array(dataAt + data.size);
  const view = new DataView(out.buffer);
  out.set([0x52, 0x41, 0x52, 0x43]);
  view.setUint32(0x04, out.length);
  view.setUint32(0x08, 0x20);
  view.setUint32(0x0c, dataAt - 0x20);
  view.setUint32(0x10, data.size);
  view.setUint32(0x14, data.size);
  view.setUint32(0x20, folders.length);
  view.setUint32(0x24, nodeAt - 0x20);
  view.setUint32(0x28, entries.length);
  view.setUint32(0x2c, entryAt - 0x20);
  view.setUint32(0x30, stringSize);
  view.setUint32(0x34, stringAt - 0x20);
  view.setUint16(0x38, entries.length);
  view.setUint8(0x3a, 1);
  nodeRecords.forEach((n, i) => {
    const at = nodeAt + i * 0x10;
    for (let c = 0; c < 4; c++) out[at + c] = n.tag.charCodeAt(c) & 0xff;
    view.setUint32(at + 4, n.nameAt);
    view.setUint16(at + 8, n.hash);
    view.setUint16(at + 10, n.count);
    view.setUint32(at + 12, n.first);
  });
  entries.forEach((e, i) => {
    const at = entryAt + i * 0x14;
    view.setUint16(at, e.id);
    view.setUint16(at + 2, rarcHash(e.name));
    view.setUint32(at + 4, ((e.flags << 24) | e.nameAt) >>> 0);
    view.setUint32(at + 8, e.data instanceof Uint8Array ? data.offsetOf(e.data) : e.data);
    view.setUint32(at + 12, e.data instanceof Uint8Array ? e.data.length : 0x10);
  });
  out.set(pool.bytes(stringSize), stringAt);
  data.writeInto(out.subarray(dataAt));
  return out;
}

/** `bytes` as a Yaz0 stream of literals only (every group header 0xFF), which every decoder must accept. */
export function yaz0Literals(bytes: Uint8Array): Uint8Array {
  const groups = Math.ceil(bytes.length / 8);
  const out = new Uint8Array(0x10 + groups + bytes.length);
  out.set([0x59, 0x61, 0x7a, 0x30]);
  new DataView(out.buffer).setUint32(4, bytes.length);
  let at = 0x10;
  for (let g = 0; g < groups; g++) {
    const chunk = bytes.subarray(g * 8, g * 8 + 8);
    out[at++] = (0xff00 >> chunk.length) & 0xff;
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
