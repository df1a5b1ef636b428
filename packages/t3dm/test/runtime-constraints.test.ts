/*
 * checkRuntimeConstraints: every reference file tiny3d's converter wrote passes; deliberately broken variants of
 * one are each rejected with a message naming the problem.
 */

import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { checkRuntimeConstraints, readT3dm, type T3dmFile, type T3dmObject } from '../src/index.js';

const models = listFixtures('t3dm', /\.t3dm$/);

describe.skipIf(!haveFixtures)('checkRuntimeConstraints', () => {
  it.each(models)('accepts %s', (path) => {
    expect(checkRuntimeConstraints(readFixture(path))).toEqual([]);
  });

  const fresh = () => readT3dm(readFixture('t3dm', '01_model', 'filesystem', 'model.t3dm'));
  const firstObject = (f: T3dmFile) => f.chunks[0] as T3dmObject;
  const stripPart = (f: T3dmFile) =>
    f.chunks.flatMap((c) => (c.kind === 'object' ? c.parts : [])).find((p) => p.numStripIndices[0] > 0)!;
  const breakers: [string, (f: T3dmFile) => void, RegExp][] = [
    ['odd vertex load', (f) => void (firstObject(f).parts[0]!.vertLoadCount -= 1), /must be even/],
    ['load past the cache', (f) => void (firstObject(f).parts[0]!.vertDestOffset = 60), /overruns the 70-slot cache/],
    ['vertex pair misaligned', (f) => void (firstObject(f).parts[0]!.vert += 16), /whole vertex pair/],
    ['bone that does not exist', (f) => void (firstObject(f).parts[0]!.matrixIdx = 3), /bone 3 does not exist/],
    ['header totals', (f) => void (f.header.totalIndexCount += 3), /totalIndexCount/],
    ['chunk order', (f) => f.chunks.push(f.chunks.splice(0, 1)[0]!), /order must be/],
    [
      'bounding box',
      (f) => void (firstObject(f).aabbMax[1] = firstObject(f).aabbMin[1]),
      /outside the object's bounding box/,
    ],
    [
      'header box missing a vertex drawn without a bone',
      (f) => void (f.header.aabbMax[1] = f.header.aabbMin[1]),
      /drawn without a bone, lies outside the header's bounding box/,
    ],
    ['strip too long for the free cache', (f) => void (stripPart(f).numStripIndices[0] = 255), /fit in the|runs past/],
    [
      'strip command after an empty one',
      (f) => void (stripPart(f).numStripIndices = [0, 5, 0, 0]),
      /follows an empty one/,
    ],
    [
      'sequence past the cache',
      (f) => Object.assign(firstObject(f).parts[0]!, { idxSeqBase: 66, idxSeqCount: 2 }),
      /sequence reads past/,
    ],
    ['material index', (f) => void (firstObject(f).material = 40), /not a material chunk/],
    ['old version', (f) => void (f.version = 3), /only version 4/],
  ];
  it.each(breakers.map(([name, fn, re]) => [name, fn, re] as const))('rejects a %s', (_name, breakIt, message) => {
    const file = fresh();
    breakIt(file);
    const problems = checkRuntimeConstraints(file).map((d) => d.message);
    expect(
      problems.some((p) => message.test(p)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('rejects misaligned chunks in written bytes', () => {
    // spec §18 example: the I chunk (chunk 2) moved from 0xC0 to 0xC2 still parses, but is not 4-aligned.
    const bytes = readFixture('t3dm', 'failing-inputs', 'filesystem', 'plain_indexed_ignoremat.t3dm').slice();
    const view = new DataView(bytes.buffer);
    view.setUint32(0x2c + 8, view.getUint32(0x2c + 8) + 2);
    expect(
      checkRuntimeConstraints(bytes)
        .map((d) => d.message)
        .join('\n'),
    ).toMatch(/not 4-aligned/);
  });

  it('checks the layout of the bytes given after a file model, and the model itself', () => {
    const original = readFixture('t3dm', 'failing-inputs', 'filesystem', 'plain_indexed_ignoremat.t3dm');
    const file = readT3dm(original);
    expect(checkRuntimeConstraints(file, original)).toEqual([]);
    const moved = original.slice();
    const view = new DataView(moved.buffer);
    view.setUint32(0x2c + 8, view.getUint32(0x2c + 8) + 2);
    file.version = 3;
    const problems = checkRuntimeConstraints(file, moved).map((d) => d.message);
    expect(problems.some((p) => /not 4-aligned/.test(p))).toBe(true);
    expect(problems.some((p) => /only version 4/.test(p))).toBe(true);
  });

  it('rejects a BVH that misses an object', () => {
    const file = readT3dm(readFixture('t3dm', '17_culling', 'filesystem', 'platformer.t3dm'));
    const bvh = file.chunks.find((c) => c.kind === 'bvh');
    if (bvh?.kind !== 'bvh') throw new Error('no BVH');
    bvh.data[0] = bvh.data[1]!;
    expect(
      checkRuntimeConstraints(file)
        .map((d) => d.message)
        .join('\n'),
    ).toMatch(/exactly once/);
  });

  it('rejects uniform-scale animation channels', () => {
    const file = readT3dm(readFixture('t3dm', '08_animation', 'filesystem', 'snake.t3dm'));
    const anim = file.chunks.find((c) => c.kind === 'animation');
    if (anim?.kind !== 'animation') throw new Error('no animation');
    anim.channels[anim.channelsQuat]!.targetType = 2;
    expect(
      checkRuntimeConstraints(file)
        .map((d) => d.message)
        .join('\n'),
    ).toMatch(/runtime asserts/);
  });
});
