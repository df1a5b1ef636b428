/*
 * Helpers for comparing with the noclip.website dumps in the shared fixtures' expected/*.json.
 * noclip converts joint rotations as s16 / 0x7FFF · π where the runtime and the spec use / 0x8000 (a known
 * deviation listed in the fixtures' MANIFEST): `withNoclipRotations` gives a copy of a file model whose joints
 * use noclip's divisor, so values derived from joints can be compared tightly, while the spec's own values are
 * checked against the deviation bound separately.
 */
import { readFileSync } from 'node:fs';
import { fixture } from '@retromodel/test-utils';
import type { J3dFile } from '../../src/internal.js';

/** The parsed expected dump of a fixture. */
// biome-ignore lint/suspicious/noExplicitAny: the dumps are plain JSON of several shapes
export function expectedDump(name: string): any {
  return JSON.parse(readFileSync(fixture('j3d', 'expected', `${name}.json`), 'utf8'));
}

/** A copy of the file whose joint rotations use noclip's s16 / 0x7FFF · π. */
export function withNoclipRotations(file: J3dFile): J3dFile {
  const joints = file.JNT1.joints.map((j) => ({
    ...j,
    rotation: j.rotationRaw.map((v) => (v * Math.PI) / 0x7fff) as [number, number, number],
  }));
  return { ...file, JNT1: { ...file.JNT1, joints } };
}

/** Largest absolute difference between two number lists. */
export function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    d = Math.max(d, Math.abs((a[i] ?? Number.NaN) - (b[i] ?? Number.NaN)));
  return Number.isNaN(d) ? Number.POSITIVE_INFINITY : d;
}
