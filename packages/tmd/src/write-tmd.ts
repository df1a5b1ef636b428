/*
 * writeTmd, the mirror of readTmd: a TMD (`TMDL`), laid out so that writeTmd(readTmd(b)) gives b back:
 *   file header (60): "TMDL", u32 version, u32 remaining (= size − 12), char[16] TKL name (its raw tail kept),
 *     u32 sceneBlockSize, u32 salt, u32 unk2_1, u32 unk2_2, 16 reserved bytes;
 *   scene block at 60 (a memory image based at `salt`): u32 sceneBlockSize, u16 numNodes, u16 u3,
 *     u16 numAnimations, u16 u4, 44 reserved bytes, then the salted pointers at 116: without aux P0 = nodes (at
 *     124), P1 = animation table; with aux P0 = aux block, P1 = nodes, P2 = animation table; then the aux
 *     int32s, the nodes, the animation table, the records and their channels;
 *   the LOD block at 60 + sceneBlockSize; then any trailing bytes kept.
 * The parts of the scene block go where the file they were read from had them, in that order, with the bytes
 * the reader found between them (`gaps`); new parts follow the part before them in the order jpog-blender and
 * OpenJPOG write (spec tmd.md §2.11: aux right after a 128-byte header, nodes, table, each record followed by
 * its channels, the LOD block right after the last animation). sceneBlockSize (written at @28 and @60) and
 * every pointer follow from the layout; the unknown fields are written as the file model holds them.
 */
import { BinaryWriter } from '@retromodel/binary';
import { writeNameField } from './name-field.js';
import type { TmdFile } from './tmd-file.js';
import { encodeTmdAddress, SCENE_BLOCK_START } from './tmd-pointers.js';
import { animationBlocks, type SceneBlock } from './write-tmd-animations.js';
import { writeTmdLod } from './write-tmd-lod.js';
import { writeTmdNodes } from './write-tmd-nodes.js';

const POINTERS_AT = 116;

function reserved(w: BinaryWriter, kept: Uint8Array | undefined, size: number): void {
  if (kept && kept.length === size) w.bytes(kept);
  else w.fill(size);
}

/** The blocks in file order: by the offset they were read from; a new block right after the one before it. */
function inFileOrder(blocks: SceneBlock[]): SceneBlock[] {
  let key = 0;
  const keyed = blocks.map((b, i) => {
    key = b.recorded > 0 ? b.recorded : key + 1e-6;
    return { b, key, i };
  });
  return keyed.sort((x, y) => x.key - y.key || x.i - y.i).map((k) => k.b);
}

/** Writes a TMD model. Throws a RangeError when a count does not fit its field. */
export function writeTmd(file: TmdFile): Uint8Array {
  const { header: h, scene: s, nodes, animations } = file;
  if (nodes.length > 0xffff) throw new RangeError(`a TMD holds at most 65535 nodes, not ${nodes.length}`);
  if (animations.length > 0xffff)
    throw new RangeError(`a TMD holds at most 65535 animations, not ${animations.length}`);
  if (file.aux && file.aux.length !== nodes.length)
    throw new RangeError(`the aux block has ${file.aux.length} entries; it needs one per node (${nodes.length})`);
  const w = new BinaryWriter({ littleEndian: true, initialSize: 4096 });
  w.string('TMDL', { terminate: false });
  w.u32(h.version);
  w.u32(0); // remaining bytes, patched at the end
  writeNameField(w, h.tklName, 16, h.tklNameRaw);
  w.u32(0); // sceneBlockSize, patched below
  w.u32(h.salt);
  w.u32(h.unk2_1);
  w.u32(h.unk2_2);
  reserved(w, h.padding, 16);
  w.u32(0); // sceneBlockSize again
  w.u16(nodes.length);
  w.u16(s.u3);
  w.u16(animations.length);
  w.u16(s.u4);
  reserved(w, s.padding, 44);
  w.fill(file.aux ? 12 : 8);
  const targets: SceneBlock[] = [];
  const aux = file.aux;
  if (aux) {
    const write = (x: BinaryWriter) => {
      for (const v of aux) x.s32(v);
    };
    targets.push({ recorded: s.auxOffset ?? 0, write, at: 0 });
  }
  targets.push({ recorded: s.nodeArrayOffset, write: (x) => writeTmdNodes(x, nodes), at: 0 });
  const anims = animationBlocks(animations, nodes.length, h.salt, s.animationTableOffset);
  targets.push(anims.table);
  const gaps = new Map((file.gaps ?? []).map((g) => [g.before, g.bytes]));
  for (const block of inFileOrder([...targets, ...anims.blocks.slice(1)])) {
    const gap = block.recorded > 0 ? gaps.get(block.recorded) : undefined;
    if (gap) w.bytes(gap);
    block.at = w.offset;
    block.write(w);
  }
  targets.forEach((t, i) => {
    w.patchU32(POINTERS_AT + 4 * i, encodeTmdAddress(t.at, h.salt));
  });
  anims.patch(w);
  const gap = file.lod.offset > 0 ? gaps.get(file.lod.offset) : undefined;
  if (gap) w.bytes(gap);
  const sceneBlockSize = w.offset - SCENE_BLOCK_START;
  w.patchU32(28, sceneBlockSize);
  w.patchU32(SCENE_BLOCK_START, sceneBlockSize);
  writeTmdLod(w, file.lod);
  if (file.trailing) w.bytes(file.trailing);
  w.patchU32(8, w.length - 12);
  return w.finish();
}
