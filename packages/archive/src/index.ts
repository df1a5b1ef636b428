/**
 * @retromodel/archive: GameCube/Wii archives. Yaz0 and Yay0 codecs, RARC (JSystem) and U8 (Wii) readers and
 * byte-exact writers, and `openArchive`, which undoes any compression and gives one folder tree for both formats.
 */
export { decodeYay0 } from './yay0-decode.js';
export { encodeYay0, type Yay0EncodeOptions } from './yay0-encode.js';
export { decodeYaz0 } from './yaz0-decode.js';
export { encodeYaz0, type Yaz0EncodeOptions } from './yaz0-encode.js';
