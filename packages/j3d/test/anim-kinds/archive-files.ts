/*
 * The J3D files inside the shared archive fixtures (read in place through @retromodel/archive), and the raw
 * header fields of an animation file read straight from its bytes, for checks that do not go through the
 * readers under test.
 */
import { type ArchiveTree, findInArchive, listArchive, openArchive } from '@retromodel/archive';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';

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

/** The J3D animation kinds, by extension. */
export const animationKinds = ['bck', 'bca', 'btk', 'brk', 'bpk', 'btp', 'bva'] as const;
export type AnimationKind = (typeof animationKinds)[number];

/** An animation file of the shared fixtures: `j3d/<name>` or `<archive>:<path inside>`. */
export interface AnimationFixture {
  name: string;
  kind: AnimationKind;
  bytes: () => Uint8Array;
}

/**
 * Every J3D animation file in the shared fixtures: the `j3d/` folder and inside every archive of `archives/`
 * (files that are not archives, such as a Yaz0-compressed text, are passed over). None when fixtures are absent.
 */
export function animationFixtures(): AnimationFixture[] {
  const kindOf = (name: string) =>
    animationKinds.find((k) => name.toLowerCase().endsWith(`.${k}`)) as AnimationKind | undefined;
  const out: AnimationFixture[] = [];
  for (const path of listFixtures('j3d', /\.(bck|bca|btk|brk|bpk|btp|bva)$/i)) {
    const [folder, name] = path.split(/[\\/]/) as [string, string];
    out.push({ name: `j3d/${name}`, kind: kindOf(name)!, bytes: () => readFixture(folder, name) });
  }
  for (const path of listFixtures('archives', /\.(arc|szs|yaz0|yay0|carc|rarc)$/i)) {
    const archive = path.split(/[\\/]/).pop()!;
    let t: ArchiveTree;
    try {
      t = tree(archive);
    } catch {
      continue;
    }
    for (const { path: inside } of listArchive(t)) {
      const kind = kindOf(inside);
      if (kind) out.push({ name: `${archive}:${inside}`, kind, bytes: () => archiveFile(archive, inside) });
    }
  }
  return out;
}

/** Big-endian header fields of an animation file at `offset` from the start of its chunk (file offset 0x20). */
export function chunkU16(bytes: Uint8Array, offset: number): number {
  return (bytes[0x20 + offset]! << 8) | bytes[0x21 + offset]!;
}

/** The file's own size field (0x08). */
export function declaredSize(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8);
}
