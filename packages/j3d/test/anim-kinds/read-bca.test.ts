/*
 * BCA (ANF1) against facts that do not come from readBca: every BCA of the Pikmin 2 and MKDD archives reads
 * (65 of them declare 8–28 bytes more than their archive entry holds); durations, loop modes and joint counts
 * equal the header bytes and the joint count of the models they animate; every run holds 1 value or at least
 * one per frame; and the MKDD tree's BCA, exported from the same animation as its BCK, equals the BCK's Hermite
 * curves at the BCK's key frames. Hand-built files check the run rules and the bounds.
 */
import { ParseError } from '@retromodel/binary';
import { haveFixtures } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { sampleTrack } from '../../src/anim/animation-track.js';
import { readBca } from '../../src/anim/read-bca.js';
import { readBck, readJ3d } from '../../src/internal.js';
import { archiveFile, archivePaths, chunkU16, declaredSize, PIKIS, TRACK } from './archive-files.js';
import { buildBca } from './build-anim.js';

/** The value a full-frame run plays at `frame`: the last value holds once the run ends. */
const at = (values: number[], frame: number) => values[Math.min(frame, values.length - 1)]!;

const bcas = [
  ...archivePaths(PIKIS, '.bca').map((path) => ({ archive: PIKIS, path })),
  ...archivePaths(TRACK, '.bca').map((path) => ({ archive: TRACK, path })),
];

describe.skipIf(!haveFixtures)('BCA files of the archive fixtures', () => {
  it('finds the 68 Pikmin 2 BCAs and the MKDD tree BCA, most stored shorter than they declare', () => {
    expect(bcas.length).toBe(69);
    const short = bcas.filter(({ archive, path }) => {
      const bytes = archiveFile(archive, path);
      return declaredSize(bytes) > bytes.length;
    });
    expect(short.length).toBe(66);
  });

  it('every BCA reads; header fields, joint counts and run lengths agree with the bytes and the models', () => {
    const pikiJoints = readJ3d(archiveFile(PIKIS, 'piki_model/piki_p2_red.bmd')).JNT1.joints.length;
    for (const { archive, path } of bcas) {
      const bytes = archiveFile(archive, path);
      const bca = readBca(bytes);
      expect(bca.kind, path).toBe('bca1');
      expect(bca.loopMode, path).toBe(bytes[0x28]);
      expect(bca.duration, path).toBe(chunkU16(bytes, 0x0a));
      expect(bca.joints.length, path).toBe(chunkU16(bytes, 0x0c));
      if (archive === PIKIS) expect(bca.joints.length, path).toBe(pikiJoints);
      // Checked in bulk (one expect per file): s16 · π / 32768 stays within half a turn either way.
      const bad: string[] = [];
      bca.joints.forEach((joint, j) => {
        for (const part of ['scale', 'rotation', 'translation'] as const) {
          joint[part].forEach((values, axis) => {
            const where = `joint ${j} ${part} ${axis}`;
            if (values.length !== 1 && values.length < bca.duration) bad.push(`${where}: ${values.length} values`);
            if (!values.every((v) => Number.isFinite(v) && (part !== 'rotation' || Math.abs(v) <= Math.PI)))
              bad.push(`${where}: value out of range`);
          });
        }
      });
      expect(bad, path).toEqual([]);
    }
  });

  it("the MKDD tree's BCA equals its BCK at every key frame of the BCK", () => {
    const bca = readBca(archiveFile(TRACK, 'objects/mariotree1_wait.bca'));
    const bck = readBck(archiveFile(TRACK, 'objects/mariotree1_wait.bck'));
    const model = readJ3d(archiveFile(TRACK, 'objects/mariotree1.bmd'));
    expect(bca.joints.length).toBe(bck.joints.length);
    expect(bca.joints.length).toBe(model.JNT1.joints.length);
    // The BCK is a 4-key reduction of the curves the BCA samples every frame. At each track's own keys they
    // agree within 29 s16 steps (0.0028 rad, at frame 90, past the BCA's last frame 89, whose value holds) and
    // 0.0006 in scale; halving the steps (the byte at 0x09 is −1) would miss by 0.024 rad at frame 32.
    const tolerance = { scale: 0.001, rotation: 0.003, translation: 0.001 } as const;
    let compared = 0;
    bca.joints.forEach((joint, j) => {
      for (const part of ['scale', 'rotation', 'translation'] as const) {
        for (let axis = 0; axis < 3; axis++) {
          const track = bck.joints[j]![part][axis]!;
          for (const { time } of track.keys) {
            const error = Math.abs(at(joint[part][axis]!, time) - sampleTrack(track, time));
            expect(error, `${part} ${axis} frame ${time}`).toBeLessThan(tolerance[part]);
            compared++;
          }
        }
      }
    });
    // 7 constant tracks, and 4 keys each for scale Y and rotation Z.
    expect(compared).toBe(7 + 4 + 4);
    // The animated axes really move (the comparison is not between constants).
    expect(Math.min(...bca.joints[0]!.rotation[2])).toBeLessThan(-0.02);
    expect(Math.max(...bca.joints[0]!.scale[1])).toBeGreaterThan(1.04);
  });
});

describe('BCA layout and bounds', () => {
  // X: scale run of 3 from index 1, rotation 2 from 0, translation constant; Y and Z constant.
  const runs: [number, number][] = [
    [3, 1],
    [2, 0],
    [1, 0],
    [1, 0],
    [1, 2],
    [1, 1],
    [1, 0],
    [1, 3],
    [1, 0],
  ];
  const file = buildBca(3, [runs], [1, 2, 3, 4], [0, 16384, -32768, 8192], [5, -6]);

  it('maps runs X/Y/Z × scale/rotation/translation in file order, rotations in π/32768 steps', () => {
    const bca = readBca(file);
    expect(bca.duration).toBe(3);
    expect(bca.angleScaleExponent).toBe(-1);
    expect(bca.joints).toEqual([
      {
        scale: [[2, 3, 4], [1], [1]],
        rotation: [[0, Math.PI / 2], [-Math.PI], [Math.PI / 4]],
        translation: [[5], [-6], [5]],
      },
    ]);
  });

  it('rejects empty runs, runs past their table and tables past the chunk', () => {
    const empty = runs.map((r, i) => (i === 4 ? ([0, 0] as [number, number]) : r));
    expect(() => readBca(buildBca(3, [empty], [1, 2, 3, 4], [0, 1, 2, 3], [5, -6]))).toThrow(/has no frame values/);
    const past = runs.map((r, i) => (i === 0 ? ([4, 1] as [number, number]) : r));
    expect(() => readBca(buildBca(3, [past], [1, 2, 3, 4], [0, 1, 2, 3], [5, -6]))).toThrow(/scale values 1\.\.4/);
    const huge = new Uint8Array(file);
    new DataView(huge.buffer).setUint16(0x20 + 0x12, 0xffff);
    expect(() => readBca(huge)).toThrow(ParseError);
  });

  it('a huge duration with little data reads without allocating per frame', () => {
    const bca = readBca(buildBca(0xffff, [runs], [1, 2, 3, 4], [0, 1, 2, 3], [5, -6]));
    expect(bca.duration).toBe(0xffff);
    expect(bca.joints[0]!.scale[0]).toEqual([2, 3, 4]);
  });

  it('overlapping runs may not multiply the table: 300 distinct runs of 500 over 1000 values are a ParseError', () => {
    const rotations = Array.from({ length: 1000 }, (_, i) => i);
    const joints = Array.from({ length: 100 }, (_, j) =>
      Array.from({ length: 9 }, (_, k): [number, number] => (k % 3 === 1 ? [500, j * 3 + (k - 1) / 3] : [1, 0])),
    );
    expect(() => readBca(buildBca(500, joints, [1], rotations, [0]))).toThrow(/rotation runs overlap/);
    // The same runs, shared (as real files share them), read.
    const shared = joints.map((joint) => joint.map(([c]): [number, number] => [c, 0]));
    expect(readBca(buildBca(500, shared, [1], rotations, [0])).joints.length).toBe(100);
  });
});
