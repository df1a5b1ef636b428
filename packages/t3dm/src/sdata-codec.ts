/*
 * The `.sdata` codec, loaded by sdataAdapter: `info` lists the keyframe records of an animation stream
 * (channels keyed, quaternion and scalar records by their N64 encoding: a u32 of three 10-bit components, the
 * largest left out; a u16 quantised value). A stream is converted only with its `.t3dm`. A stream cut inside a
 * record shows the records before the cut, then the ParseError.
 */
import { type FileInfo, type FormatCodec, partialInfo } from '@retromodel/scene';
import { readSdata } from './codec/sdata.js';
import type { SdataRecord } from './t3dm-file.js';

/** The records read as one section: their bytes (8 or 6 each) and what they hold. */
function recordsSection(records: SdataRecord[]): FileInfo['sections'][number] {
  const channels = new Set(records.map((r) => r.channelIdx)).size;
  const long = records.filter((r) => r.data.length === 2).length;
  const size = records.reduce((n, r) => n + 4 + 2 * r.data.length, 0);
  return {
    name: 'records',
    offset: 0,
    size,
    detail: `${records.length} keyframe records over ${channels} channels: ${long} of 8 bytes (quaternions, a u32 of three 10-bit components; the first record is always 8), ${records.length - long} of 6 (scalars, a u16 quantised value)`,
  };
}

/** The `.sdata` `info`. */
export const sdataCodec: FormatCodec = {
  info: (bytes) =>
    partialInfo('sdata', (info) => {
      const records: SdataRecord[] = [];
      try {
        readSdata(bytes, records);
      } finally {
        if (records.length > 0) info.sections = [recordsSection(records)];
      }
    }),
};
