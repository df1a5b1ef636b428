/*
 * `.sdata` animation stream (one per T3DM `A` chunk, named `<model>.<n>.sdata`): keyframe records back to back,
 * big-endian, no header. Record: nextTime u16 (bits 0..14 = ticks of 1/60 s until this channel's next key is
 * needed; bit 15 = the NEXT record is 8 bytes, else 6), channelIdx u16, then 2 u16 of data (quaternion) or 1
 * (scalar). The first record is always 8 bytes (a scalar one is padded with a zero u16).
 */
import { BinaryReader, BinaryWriter } from '@retromodel/binary';
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

/** Writes a `.sdata` stream; each record is 4 bytes plus its data words. */
export function writeSdata(file: SdataFile): Uint8Array {
  const w = new BinaryWriter({ initialSize: file.records.length * 8 + 16 });
  for (const rec of file.records) {
    w.u16((rec.nextTime & 0x7fff) | (rec.nextIsQuat ? 0x8000 : 0)).u16(rec.channelIdx);
    for (const d of rec.data) w.u16(d);
  }
  return w.finish();
}
