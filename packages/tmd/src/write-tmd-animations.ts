/*
 * TMD animations, the mirror of read-tmd-animations.ts: the animation table (u32 salted pointers), animation
 * records (u8 name length, char[15] name, u32 flag A, u32 flag B, u32 unk3, f32 duration, u32 salted channel
 * pointer per node) and channels (u16 flags, u16 frameCount, frameCount × {f32 time, u16 posKey, u16 rotKey}),
 * as blocks for write-tmd.ts to lay out. In the order jpog-blender and OpenJPOG write them (spec tmd.md §2.3,
 * §2.11) each record is directly followed by its channels in node order. A record or channel that several
 * pointers share (the reader hands back one object for them) is one block, pointed to again.
 */
import type { BinaryWriter } from '@retromodel/binary';
import { writeNameField } from './name-field.js';
import type { TmdAnimation, TmdChannel } from './tmd-file.js';
import { encodeTmdAddress } from './tmd-pointers.js';

/** A part of the scene block: where the source file had it (0 for a new one), how to write it, where it went. */
export interface SceneBlock {
  recorded: number;
  write: (w: BinaryWriter) => void;
  at: number;
}

function writeChannel(w: BinaryWriter, ch: TmdChannel): void {
  if (ch.times.length > 0xffff) throw new RangeError(`a TMD channel holds at most 65535 keys, not ${ch.times.length}`);
  w.u16(ch.flags);
  w.u16(ch.times.length);
  for (let k = 0; k < ch.times.length; k++) {
    w.f32(ch.times[k]!);
    w.u16(ch.positionKeys[k] ?? 0);
    w.u16(ch.rotationKeys[k] ?? 0);
  }
}

function writeRecord(w: BinaryWriter, anim: TmdAnimation, numNodes: number): void {
  w.u8(anim.nameLength);
  writeNameField(w, anim.name, 15, anim.nameField);
  w.u32(anim.flagA);
  w.u32(anim.flagB);
  w.u32(anim.unk3);
  w.f32(anim.duration);
  w.fill(4 * numNodes); // channel pointers, patched once the channels are placed
}

/**
 * The animation table, the records and the channels as blocks in the writers' order, and `patch`, which fills
 * in every salted pointer once the blocks are written.
 */
export function animationBlocks(
  animations: readonly TmdAnimation[],
  numNodes: number,
  salt: number,
  tableRecorded: number,
): { blocks: SceneBlock[]; table: SceneBlock; patch: (w: BinaryWriter) => void } {
  const table: SceneBlock = { recorded: tableRecorded, write: (w) => w.fill(4 * animations.length), at: 0 };
  const blocks: SceneBlock[] = [table];
  const records = new Map<TmdAnimation, SceneBlock>();
  const channels = new Map<TmdChannel, SceneBlock>();
  for (const anim of animations) {
    if (records.has(anim)) continue;
    if (anim.channels.length !== numNodes)
      throw new RangeError(
        `animation "${anim.name}" has ${anim.channels.length} channels; a TMD needs one per node (${numNodes})`,
      );
    const record: SceneBlock = { recorded: anim.offset, write: (w) => writeRecord(w, anim, numNodes), at: 0 };
    records.set(anim, record);
    blocks.push(record);
    for (const ch of anim.channels) {
      if (channels.has(ch)) continue;
      const block: SceneBlock = { recorded: ch.offset, write: (w) => writeChannel(w, ch), at: 0 };
      channels.set(ch, block);
      blocks.push(block);
    }
  }
  const patch = (w: BinaryWriter) => {
    animations.forEach((anim, a) => {
      const record = records.get(anim)!;
      w.patchU32(table.at + 4 * a, encodeTmdAddress(record.at, salt));
      anim.channels.forEach((ch, n) => {
        w.patchU32(record.at + 32 + 4 * n, encodeTmdAddress(channels.get(ch)!.at, salt));
      });
    });
  };
  return { blocks, table, patch };
}
