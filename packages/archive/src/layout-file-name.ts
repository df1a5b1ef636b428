/** The name `extract` gives an archive's layout file (docs/layout.md), in the root of the folder it writes. */
export const LAYOUT_FILE_NAME = 'retromodel-layout.json';
