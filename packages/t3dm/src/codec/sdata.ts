/*
 * `.sdata` animation stream (one per T3DM `A` chunk, named `<model>.<n>.sdata`): keyframe records back to back,
 * big-endian, no header. Record: nextTime u16 (bits 0..14 = ticks of 1/60 s until this channel's next key is
 * needed; bit 15 = the NEXT record is 8 bytes, else 6), channelIdx u16, then 2 u16 of data (quaternion) or 1
 * (scalar). The first record is always 8 bytes (a scalar one is padded with a zero u16).
 */
import { BinaryReader } from '@retromodel/binary';
import type { SdataFile, SdataRecord } from '../t3dm-file.js';

/**
 * Reads a `.sdata` stream into its records. Throws a ParseError when a record is cut off; the records read
 * before it are in `records` (appended to), so that `info` on a cut stream shows them.
 */
export function readSdata(bytes: Uint8Array, records: SdataRecord[] = []): SdataFile {
  const r = new BinaryReader(bytes, { format: 'sdata', section: 'records' });
  let words = 2;
  while (r.remaining > 0) {
    r.ensure(4 + words * 2, 'keyframe record');
    const raw = r.u16();
    const channelIdx = r.u16();
    const data = words === 2 ? [r.u16(), r.u16()] : [r.u16()];
    const nextIsQuat = (raw & 0x8000) !== 0;
    records.push({ nextTime: raw & 0x7fff, nextIsQuat, channelIdx, data });
    words = nextIsQuat ? 2 : 1;
  }
  return { records };
}

/**
 * Writes a `.sdata` stream; each record is 4 bytes plus its data words, each u16 as a DataView stores it (the
 * value modulo 2^16). Into an array of the stream's size, byte by byte: a writer's method call per word, mostly
 * run before V8 had optimised it, cost about 4,000 instructions a record.
 */
export function writeSdata(file: SdataFile): Uint8Array {
  const records = file.records;
  let size = 0;
  for (let r = 0; r < records.length; r++) size += 4 + records[r]!.data.length * 2;
  const out = new Uint8Array(size);
  let at = 0;
  // A Uint8Array element keeps the low 8 bits of the integer part, as a DataView's u16 keeps the low 16.
  for (let r = 0; r < records.length; r++) {
    const rec = records[r]!;
    const head = (rec.nextTime & 0x7fff) | (rec.nextIsQuat ? 0x8000 : 0);
    out[at] = head >> 8;
    out[at + 1] = head;
    out[at + 2] = rec.channelIdx >> 8;
    out[at + 3] = rec.channelIdx;
    at += 4;
    const data = rec.data;
    for (let i = 0; i < data.length; i++, at += 2) {
      out[at] = data[i]! >> 8;
      out[at + 1] = data[i]!;
    }
  }
  return out;
}
