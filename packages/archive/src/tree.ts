/**
 * @retromodel/archive/tree: the folder tree of an opened archive without the codecs: listing, lookup by path and
 * the check of entry names, and the layout file's name, for code that walks a tree opened elsewhere and should not load the readers and
 * compressors with it.
 */
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
} from './archive-tree.js';
export { checkEntryNames, type EntryNameProblem, outputNames } from './entry-names.js';
export { LAYOUT_FILE_NAME } from './layout-file-name.js';
