/**
 * @retromodel/archive: GameCube/Wii archives. Yaz0 and Yay0 codecs, RARC (JSystem) and U8 (Wii) readers and
 * byte-exact writers, and `openArchive`, which undoes any compression and gives one folder tree for both formats.
 */
export { decodeYaz0 } from './yaz0-decode.js';
