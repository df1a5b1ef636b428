/*
 * TMD animations, the mirror of read-tmd-animations.ts, laid out as jpog-blender and OpenJPOG write them (spec
 * tmd.md §2.3, §2.11): the animation table (u32 salted pointers), then each animation record (u8 name length,
 * char[15] name, u32 flag A, u32 flag B, u32 unk3, f32 duration, u32 salted channel pointer per node) directly
 * followed by its channels in node order (u16 flags, u16 frameCount, frameCount × {f32 time, u16 posKey,
 * u16 rotKey}). A record or channel that several pointers share (the reader hands back one object for them) is
 * written once and pointed to again.
 */
import type { BinaryWriter } from '@retromodel/binary';
import { writeNameField } from './name-field.js';
import type { TmdAnimation, TmdChannel } from './tmd-file.js';
import { encodeTmdAddress } from './tmd-pointers.js';

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

/** Writes the animation table and what it points to at the writer's position (file offsets = writer offsets). */
export function writeTmdAnimations(
  w: BinaryWriter,
  animations: readonly TmdAnimation[],
  numNodes: number,
  salt: number,
): void {
  const table = w.offset;
  w.fill(4 * animations.length);
  const records = new Map<TmdAnimation, number>();
  const channels = new Map<TmdChannel, number>();
  animations.forEach((anim, a) => {
    let at = records.get(anim);
    if (at === undefined) {
      at = w.offset;
      records.set(anim, at);
      writeRecord(w, anim, numNodes, salt, channels);
    }
    w.patchU32(table + 4 * a, encodeTmdAddress(at, salt));
  });
}

function writeRecord(
  w: BinaryWriter,
  anim: TmdAnimation,
  numNodes: number,
  salt: number,
  channels: Map<TmdChannel, number>,
): void {
  if (anim.channels.length !== numNodes)
    throw new RangeError(
      `animation "${anim.name}" has ${anim.channels.length} channels; a TMD needs one per node (${numNodes})`,
    );
  w.u8(anim.nameLength);
  writeNameField(w, anim.name, 15, anim.nameField);
  w.u32(anim.flagA);
  w.u32(anim.flagB);
  w.u32(anim.unk3);
  w.f32(anim.duration);
  const pointers = w.offset;
  w.fill(4 * numNodes);
  anim.channels.forEach((ch, n) => {
    let at = channels.get(ch);
    if (at === undefined) {
      at = w.offset;
      channels.set(ch, at);
      writeChannel(w, ch);
    }
    w.patchU32(pointers + 4 * n, encodeTmdAddress(at, salt));
  });
}
