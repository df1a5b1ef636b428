/*
 * What a fuzz case does to a fixture, as plain JSON data so a case prints as its own reproduction:
 * - `truncate`: the first `length` bytes;
 * - `field`: one u8/u16/u32/f32 written at `offset` (a real field: a header count, a chunk offset, a value in
 *   a section), in the file's byte order, `value` being the raw bits (f32 too, so NaN survives JSON);
 * - `bytes`: a few single bytes changed;
 * - `splice`: `length` bytes of another fixture of the same format (`donor`, a target id) copied over `to`;
 * - `entries`: an archive's entries renamed, doubled, twinned in case, moved or wrapped, and the archive built
 *   again (entry-edits.ts);
 * - `gltf`: a GLB's images, materials, animations, nodes or meshes renamed, or an image pointed at a file by a
 *   hostile `uri`, and the GLB put together again (gltf-edits.ts).
 * `applyMutation` never changes its input; the result may be longer than the input (a splice past the end).
 */
import { applyEntryEdits, describeEntryEdits, type EntryEdit } from './entry-edits.js';
import { applyGltfEdits, describeGltfEdits, type GltfEdit } from './gltf-edits.js';

/** A named byte range of a file: a chunk, a header, a table entry. */
export interface FuzzSection {
  name: string;
  offset: number;
  size: number;
}

export type FieldType = 'u8' | 'u16' | 'u32' | 'f32';

export type Mutation =
  | { kind: 'none' }
  | { kind: 'truncate'; length: number }
  | {
      kind: 'field';
      section: string;
      offset: number;
      type: FieldType;
      littleEndian: boolean;
      value: number;
      before: number;
    }
  | { kind: 'bytes'; changes: [number, number][] }
  | { kind: 'splice'; donor: string; from: number; length: number; to: number }
  | { kind: 'entries'; edits: EntryEdit[] }
  | { kind: 'gltf'; edits: GltfEdit[] };

/** Byte width of a field type. */
export function fieldWidth(type: FieldType): number {
  return type === 'u8' ? 1 : type === 'u16' ? 2 : 4;
}

/** Reads a field's raw bits (undefined when it does not fit). */
export function readField(
  bytes: Uint8Array,
  offset: number,
  type: FieldType,
  littleEndian: boolean,
): number | undefined {
  if (offset < 0 || offset + fieldWidth(type) > bytes.length) return undefined;
  const d = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'u8') return d.getUint8(offset);
  return type === 'u16' ? d.getUint16(offset, littleEndian) : d.getUint32(offset, littleEndian);
}

function writeField(bytes: Uint8Array, offset: number, type: FieldType, littleEndian: boolean, value: number): void {
  const d = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'u8') d.setUint8(offset, value);
  else if (type === 'u16') d.setUint16(offset, value, littleEndian);
  else d.setUint32(offset, value >>> 0, littleEndian);
}

/** The fixture's bytes after `mutation`; `donor` gives the undamaged bytes of a splice's donor target. */
export function applyMutation(bytes: Uint8Array, mutation: Mutation, donor?: (id: string) => Uint8Array): Uint8Array {
  switch (mutation.kind) {
    case 'none':
      return bytes.slice();
    case 'truncate':
      return bytes.slice(0, mutation.length);
    case 'field': {
      const copy = bytes.slice();
      if (mutation.offset + fieldWidth(mutation.type) <= copy.length)
        writeField(copy, mutation.offset, mutation.type, mutation.littleEndian, mutation.value);
      return copy;
    }
    case 'bytes': {
      const copy = bytes.slice();
      for (const [at, value] of mutation.changes) if (at < copy.length) copy[at] = value;
      return copy;
    }
    case 'entries':
      return applyEntryEdits(bytes, mutation.edits);
    case 'gltf':
      return applyGltfEdits(bytes, mutation.edits);
    case 'splice': {
      if (!donor) throw new Error(`splice from ${mutation.donor} needs the donor's bytes`);
      const piece = donor(mutation.donor).subarray(mutation.from, mutation.from + mutation.length);
      const out = new Uint8Array(Math.max(bytes.length, mutation.to + piece.length));
      out.set(bytes);
      out.set(piece, mutation.to);
      return out;
    }
  }
}

const hex = (n: number) => `0x${n.toString(16)}`;

function showValue(type: FieldType, bits: number): string {
  if (type !== 'f32') return hex(bits);
  const d = new DataView(new ArrayBuffer(4));
  d.setUint32(0, bits);
  return `${d.getFloat32(0)} (${hex(bits)})`;
}

/** One line a person can act on: `field VTX1+0x8 u32 @0x88 = 0xffffffff (was 0x40)`. */
export function describeMutation(mutation: Mutation, sections: readonly FuzzSection[] = []): string {
  switch (mutation.kind) {
    case 'none':
      return 'unchanged';
    case 'truncate':
      return `cut to ${mutation.length} bytes (${hex(mutation.length)})`;
    case 'field': {
      const section = sections.find((s) => s.name === mutation.section);
      const rel = section ? `+${hex(mutation.offset - section.offset)}` : '';
      const order = mutation.littleEndian ? ' LE' : '';
      const value = showValue(mutation.type, mutation.value);
      return `field ${mutation.section}${rel} ${mutation.type}${order} @${hex(mutation.offset)} = ${value} (was ${showValue(mutation.type, mutation.before)})`;
    }
    case 'bytes':
      return `bytes ${mutation.changes.map(([at, v]) => `@${hex(at)}=${hex(v)}`).join(' ')}`;
    case 'splice':
      return `splice ${mutation.length} bytes of ${mutation.donor} @${hex(mutation.from)} over @${hex(mutation.to)}`;
    case 'entries':
      return `entries ${describeEntryEdits(mutation.edits)}`;
    case 'gltf':
      return `gltf ${describeGltfEdits(mutation.edits)}`;
  }
}
