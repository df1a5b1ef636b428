/*
 * `A` chunk (T3DChunkAnim): name u32 @0, duration f32 @4 (seconds), keyframeCount u32 @8, channelsQuat u16 @0xC,
 * channelsScalar u16 @0xE, filePath u32 @0x10 (stream path in the string table), then
 * (channelsQuat + channelsScalar) channel mappings of 0x0C bytes: targetIdx u16, targetType u8, attributeIdx u8,
 * quantScale f32, quantOffset f32. Quaternion channels come first.
 * The duration must be a finite number of seconds ≥ 0 and a scalar channel's quantScale/quantOffset finite
 * (ParseError otherwise); a rotation channel's two floats are unused (tiny3d leaves them ±inf, spec §16.15).
 * A scalar key's value is `u16 · quantScale + quantOffset` in f32 (the runtime's sum), so every u16 must give a
 * finite f32: |quantScale| · 65535 + |quantOffset| below the largest f32 (tiny3d's converter writes the range of
 * the channel's own values there), else the key would be an infinity no glTF or pose can hold.
 */
import type { BinaryReader, BinaryWriter } from '@retromodel/binary';
import type { T3dmAnimation, T3dmChannelMapping } from '../t3dm-file.js';

/** The largest finite f32. */
const F32_MAX = 3.4028234663852886e38;

/** Reads an A chunk at the reader's position. */
export function readAnimation(r: BinaryReader): T3dmAnimation {
  const name = r.u32();
  const duration = r.f32();
  if (!(duration >= 0 && duration < Number.POSITIVE_INFINITY))
    throw r.error(`animation duration is ${duration} s, not a finite number of seconds ≥ 0`, r.offset - 4);
  const keyframeCount = r.u32();
  const channelsQuat = r.u16();
  const channelsScalar = r.u16();
  const filePath = r.u32();
  const total = channelsQuat + channelsScalar;
  r.checkCount(total, 0x0c, 'animation channels');
  const channels: T3dmChannelMapping[] = [];
  for (let i = 0; i < total; i++) {
    const channel = {
      targetIdx: r.u16(),
      targetType: r.u8(),
      attributeIdx: r.u8(),
      quantScale: r.f32(),
      quantOffset: r.f32(),
    };
    if (i >= channelsQuat && !(Number.isFinite(channel.quantScale) && Number.isFinite(channel.quantOffset)))
      throw r.error(
        `scalar channel ${i} has quantScale ${channel.quantScale} and quantOffset ${channel.quantOffset}; both must be finite`,
        r.offset - 8,
      );
    if (i >= channelsQuat && !scalarKeysFit(channel.quantScale, channel.quantOffset))
      throw r.error(
        `scalar channel ${i}'s keys reach past the f32 range (quantScale ${channel.quantScale} · 65535 + quantOffset ${channel.quantOffset})`,
        r.offset - 8,
      );
    channels.push(channel);
  }
  return { kind: 'animation', name, duration, keyframeCount, channelsQuat, filePath, channels };
}

/**
 * True when every key a scalar channel can decode (`q · quantScale + quantOffset`, q in 0..65535) lies in the f32
 * range with room for the runtime's f32 arithmetic: |quantScale| · 65535 + |quantOffset| at most the largest f32
 * (false for a value that is not finite). The reader refuses other channels and the writer (animation-from-scene)
 * leaves them out, by this one test, so a file written is a file read.
 */
export function scalarKeysFit(quantScale: number, quantOffset: number): boolean {
  return Math.abs(quantScale) * 0xffff + Math.abs(quantOffset) <= F32_MAX;
}

/** Writes an A chunk. */
export function writeAnimation(w: BinaryWriter, a: T3dmAnimation): void {
  w.u32(a.name)
    .f32(a.duration)
    .u32(a.keyframeCount)
    .u16(a.channelsQuat)
    .u16(a.channels.length - a.channelsQuat)
    .u32(a.filePath);
  for (const c of a.channels)
    w.u16(c.targetIdx).u8(c.targetType).u8(c.attributeIdx).f32(c.quantScale).f32(c.quantOffset);
}
