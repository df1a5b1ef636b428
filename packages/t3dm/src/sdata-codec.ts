/*
 * The `.sdata` codec, loaded by sdataAdapter: `info` lists the keyframe records of an animation stream
 * (channels keyed, quaternion and scalar records). A stream is converted only with its `.t3dm`.
 */
import type { FormatCodec } from '@retromodel/scene';
import { readSdata } from './codec/sdata.js';

/** The `.sdata` `info`. */
export const sdataCodec: FormatCodec = {
  info: (bytes) => {
    const { records } = readSdata(bytes);
    const channels = new Set(records.map((r) => r.channelIdx)).size;
    const quats = records.filter((_, i) => i > 0 && records[i - 1]!.nextIsQuat).length;
    return {
      format: 'sdata',
      sections: [
        {
          name: 'records',
          offset: 0,
          size: bytes.length,
          detail: `${records.length} keyframe records over ${channels} channels (${quats} quaternion after the first)`,
        },
      ],
      diagnostics: [],
    };
  },
};
