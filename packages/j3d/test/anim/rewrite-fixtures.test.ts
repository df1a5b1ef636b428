/*
 * Every J3D animation file of the shared fixtures (the j3d folder and inside every archive) against its writer:
 *   - writeX(readX(bytes)) gives the same bytes, file by file;
 *   - without the layout the reader kept, the writer lays the file out by Nintendo's rules
 *     (packages/j3d/docs/animation-tables.md): the result reads back to the same tracks for every file, and for
 *     the kinds and files the rule is written from it is the file itself, except in the gaps where Nintendo's
 *     tools left stale memory instead of padding text (which nothing can reproduce). The files that follow
 *     another maker's sharing are named with the reason.
 *   - an edited track no longer fits the stored tables; the file is laid out again and reads back edited.
 */
import { haveFixtures } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { AnimationLayout } from '../../src/anim/animation-layout.js';
import { readBca } from '../../src/anim/read-bca.js';
import { readBck } from '../../src/anim/read-bck.js';
import { readBpk } from '../../src/anim/read-bpk.js';
import { readBrk } from '../../src/anim/read-brk.js';
import { readBtk } from '../../src/anim/read-btk.js';
import { readBtp } from '../../src/anim/read-btp.js';
import { readBva } from '../../src/anim/read-bva.js';
import { writeBca } from '../../src/anim/write-bca.js';
import { writeBck } from '../../src/anim/write-bck.js';
import { writeBpk } from '../../src/anim/write-bpk.js';
import { writeBrk } from '../../src/anim/write-brk.js';
import { writeBtk } from '../../src/anim/write-btk.js';
import { writeBtp } from '../../src/anim/write-btp.js';
import { writeBva } from '../../src/anim/write-bva.js';
import { type AnimationKind, animationFixtures } from '../anim-kinds/archive-files.js';

interface AnyFile {
  layout?: AnimationLayout;
  diagnostics?: unknown;
}

const codecs: Record<AnimationKind, { read: (b: Uint8Array) => AnyFile; write: (f: never) => Uint8Array }> = {
  bck: { read: readBck, write: writeBck },
  bca: { read: readBca, write: writeBca },
  btk: { read: readBtk, write: writeBtk },
  brk: { read: readBrk, write: writeBrk },
  bpk: { read: readBpk, write: writeBpk },
  btp: { read: readBtp, write: writeBtp },
  bva: { read: readBva, write: writeBva },
};

const files = animationFixtures();
const write = (kind: AnimationKind, file: AnyFile) => codecs[kind].write(file as never);
const withoutLayout = ({ layout: _, diagnostics: __, ...rest }: AnyFile) => rest;

const PADDING = 'This is padding data to alignment.';

/** Whether `gap` is padding text restarted any number of times (TTK1: after an empty name table). */
function isPaddingText(gap: Uint8Array, tail: boolean): boolean {
  let i = tail && gap[0] === 0 && gap[1] === 0 && gap[2] === 0xff && gap[3] === 0xff ? 4 : 0;
  while (i < gap.length) {
    let n = 0;
    while (i + n < gap.length && n < PADDING.length && gap[i + n] === PADDING.charCodeAt(n)) n++;
    if (n === 0) return false;
    i += n;
  }
  return true;
}

/** The file offsets of the gaps holding something other than padding text (stale memory). */
function staleRanges(layout: AnimationLayout, fileLength: number): [number, number][] {
  const out: [number, number][] = [];
  layout.parts.forEach((part, slot) => {
    const gap = layout.gaps[slot];
    if (!part || !gap) return;
    const tail = 0x20 + part.end + gap.length === fileLength;
    if (!isPaddingText(gap, tail)) out.push([0x20 + part.end, 0x20 + part.end + gap.length]);
  });
  return out;
}

/** Files whose value tables another rule made, and why. */
const otherSharing: Record<string, string> = {
  'nintendo_smg2_PowerStar.arc:PowerStarColor.btk':
    "the Q scale and translation runs repeat the T ones and are stored again (SamboHead's StarPieceHit.btk shares such a run)",
  'community_smg2_TestGalaxyPlanet2.arc:TestGalaxyPlanet2.btk':
    'a community tool: constants in tangent mode 1, some stored twice (1.1 and 8191 appear twice)',
};

describe.skipIf(!haveFixtures)('J3D animation files of the fixtures, rewritten', () => {
  it('finds every kind the fixtures hold', () => {
    const kinds = new Set(files.map((f) => f.kind));
    expect([...kinds].sort()).toEqual(['bca', 'bck', 'brk', 'btk', 'btp', 'bva']);
    expect(files.length).toBe(130);
  });

  it.each(files.map((f) => [f.name, f] as const))('%s rewrites byte for byte', (_, f) => {
    const bytes = f.bytes();
    const file = codecs[f.kind].read(bytes);
    expect(file.layout).toBeDefined();
    expect(Buffer.from(write(f.kind, file)).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each(files.map((f) => [f.name, f] as const))('%s without its layout reads back the same', (_, f) => {
    const file = codecs[f.kind].read(f.bytes());
    const back = codecs[f.kind].read(write(f.kind, { ...file, layout: undefined }));
    expect(withoutLayout(back)).toEqual(withoutLayout(file));
  });

  const byRule = files.filter((f) => f.kind !== 'bca' && !(f.name in otherSharing));
  it.each(
    byRule.map((f) => [f.name, f] as const),
  )("%s is Nintendo's rule: laid out again, only its stale gaps differ", (_, f) => {
    const bytes = f.bytes();
    const file = codecs[f.kind].read(bytes);
    const again = write(f.kind, { ...file, layout: undefined });
    expect(again.length).toBe(bytes.length);
    const stale = staleRanges(file.layout!, bytes.length);
    const masked = (b: Uint8Array) => {
      const copy = b.slice();
      for (const [from, to] of stale) copy.fill(0, from, to);
      return Buffer.from(copy);
    };
    expect(masked(again).equals(masked(bytes))).toBe(true);
  });

  it('names the files that another sharing rule made', () => {
    for (const name of Object.keys(otherSharing)) {
      const f = files.find((x) => x.name === name)!;
      const bytes = f.bytes();
      const file = codecs[f.kind].read(bytes);
      expect(write(f.kind, { ...file, layout: undefined }).length).not.toBe(bytes.length);
    }
  });
});

describe.skipIf(!haveFixtures)('an edited animation file', () => {
  const bck = files.find((f) => f.name.endsWith('TakeOutStarPichan.bck'))!;

  it('lays its tables out again when a track no longer fits them, and reads back edited', () => {
    const file = readBck(bck.bytes());
    const track = file.joints[0]!.translation[1]!;
    const edited = { ...track, keys: track.keys.map((k, i) => (i === 1 ? { ...k, value: k.value + 7.25 } : k)) };
    file.joints[0]!.translation[1] = edited;
    const back = readBck(writeBck(file));
    expect(back.joints[0]!.translation[1]!.keys[1]!.value).toBe(edited.keys[1]!.value);
    expect(back.joints.map((j) => j.scale)).toEqual(file.joints.map((j) => j.scale));
  });

  it('keeps the stored bytes around a renamed material when the name has the same length', () => {
    const f = files.find((x) => x.name.endsWith('PowerStarColor.btp'))!;
    const bytes = f.bytes();
    const btp = readBtp(bytes);
    btp.entries[0]!.materialName = 'BarMat';
    const out = writeBtp(btp);
    expect(out.length).toBe(bytes.length);
    const changed = [...out.keys()].filter((i) => out[i] !== bytes[i]);
    // The name's hash (2 bytes) and its three changed letters.
    expect(changed.length).toBeLessThanOrEqual(5);
    expect(readBtp(out).entries[0]!.materialName).toBe('BarMat');
  });
});
