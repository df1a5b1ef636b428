/*
 * The J3D files inside the shared archive fixtures (read in place through @retromodel/archive), and the raw
 * header fields of an animation file read straight from its bytes, for checks that do not go through the
 * readers under test.
 */
import { type ArchiveTree, findInArchive, listArchive, openArchive } from '@retromodel/archive';
import { haveFixtures, readFixture } from '@retromodel/test-utils';

export const POWER_STAR = 'nintendo_smg2_PowerStar.arc';
export const PIKIS = 'nintendo_pikmin2_pikis.yaz0';
export const TRACK = 'community_mkdd_dstestcircle_track_v1.arc';

const trees = new Map<string, ArchiveTree>();

function tree(archive: string): ArchiveTree {
  let t = trees.get(archive);
  if (!t) {
    t = openArchive(readFixture('archives', archive));
    trees.set(archive, t);
  }
  return t;
}

/** Paths inside `archive` whose name ends with `extension` (e.g. `.bca`); none when fixtures are absent. */
export function archivePaths(archive: string, extension: string): string[] {
  if (!haveFixtures) return [];
  return listArchive(tree(archive))
    .map((f) => f.path)
    .filter((p) => p.toLowerCase().endsWith(extension));
}

/** The bytes of the file at `path` inside `archive`. */
export function archiveFile(archive: string, path: string): Uint8Array {
  const entry = findInArchive(tree(archive), path);
  if (entry?.kind !== 'file') throw new Error(`${archive} has no file ${path}`);
  return entry.bytes;
}

/** Big-endian header fields of an animation file at `offset` from the start of its chunk (file offset 0x20). */
export function chunkU16(bytes: Uint8Array, offset: number): number {
  return (bytes[0x20 + offset]! << 8) | bytes[0x21 + offset]!;
}

/** The file's own size field (0x08). */
export function declaredSize(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8);
}
