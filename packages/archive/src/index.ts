/**
 * @retromodel/archive: GameCube/Wii archives. Yaz0 and Yay0 codecs, RARC (JSystem) and U8 (Wii) readers and
 * byte-exact writers, and `openArchive`, which undoes any compression and gives one folder tree for both formats.
 */

export {
  hashRarcName,
  type RarcDotEntry,
  type RarcEntry,
  type RarcFile,
  type RarcFileEntry,
  RarcFlags,
  type RarcFolderEntry,
  type RarcLayout,
  type RarcNode,
  rarcNodeType,
} from './rarc-file.js';
export { readRarc } from './read-rarc.js';
export { readU8 } from './read-u8.js';
export { flattenU8, type U8File, type U8FileNode, type U8Folder, type U8Layout, type U8Node } from './u8-file.js';
export { writeRarc } from './write-rarc.js';
export { writeU8 } from './write-u8.js';
export { decodeYay0 } from './yay0-decode.js';
export { encodeYay0, type Yay0EncodeOptions } from './yay0-encode.js';
export { decodeYaz0 } from './yaz0-decode.js';
export { encodeYaz0, type Yaz0EncodeOptions } from './yaz0-encode.js';
