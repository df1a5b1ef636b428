/**
 * @retromodel/archive: GameCube/Wii archives. Yaz0 and Yay0 codecs, RARC (JSystem) and U8 (Wii) readers and
 * byte-exact writers, and `openArchive`, which undoes any compression and gives one folder tree for both formats.
 */

export type {
  ArchiveLayout,
  LayoutGap,
  RarcDotRecord,
  RarcEntryRecord,
  RarcFileRecord,
  RarcFolderRecord,
  RarcLayoutRecord,
  RarcNodeRecord,
  U8LayoutRecord,
  U8NodeRecord,
} from './archive-layout.js';
export {
  type ArchiveEntry,
  type ArchiveFile,
  type ArchiveFileAt,
  type ArchiveFolder,
  type ArchiveTree,
  archiveFiles,
  findInArchive,
  folderLookup,
  listArchive,
  type RarcArchiveMeta,
  type RarcFileMeta,
  type RarcFolderMeta,
} from './archive-tree.js';
export { checkEntryNames, type EntryNameProblem, outputNames } from './entry-names.js';
export { LAYOUT_FILE_NAME } from './layout-file-name.js';
export { layoutToJson, MAX_LAYOUT_BYTES, MAX_LAYOUT_RECORDS, parseLayout } from './layout-json.js';
export { openArchive } from './open-archive.js';
export type {
  RarcDotEntry,
  RarcEntry,
  RarcFile,
  RarcFileEntry,
  RarcFolderEntry,
  RarcLayout,
  RarcNode,
} from './rarc-file.js';
export { readRarc } from './read-rarc.js';
export { readU8 } from './read-u8.js';
export type { U8File, U8FileNode, U8Folder, U8Layout, U8Node } from './u8-file.js';
export { writeArchive } from './write-archive.js';
export { type RarcPlacement, writeRarc } from './write-rarc.js';
export { type U8WriteOptions, writeU8 } from './write-u8.js';
export { type LayoutWrite, treeForLayout, writeWithLayout } from './write-with-layout.js';
export { decodeYay0 } from './yay0-decode.js';
export { encodeYay0, type Yay0EncodeOptions } from './yay0-encode.js';
export { decodeYaz0 } from './yaz0-decode.js';
export { encodeYaz0, type Yaz0EncodeOptions } from './yaz0-encode.js';
