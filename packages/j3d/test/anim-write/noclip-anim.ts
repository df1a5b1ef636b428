/*
 * noclip.website's J3D loaders (shared/tools/peers/noclip-j3d, an independent reader) on the animation files the
 * writers make: each file is parsed by noclip and by our reader, and what the two read must play the same at
 * every frame and half frame (Hermite tracks through one sampler, sampleTrack, over noclip's keys and ours).
 * noclip's known deviations, as its README and the fixtures' MANIFEST say: rotations are s16 / 32767 · π (BCK,
 * BCA) and s16 / 32767 half-turns (BTK) where the runtime divides by 32768; colours are divided by 255.
 */
import { existsSync } from 'node:fs';
import { fixturesDir } from '@retromodel/test-utils';
import { expect } from 'vitest';
import type { J3dTrack } from '../../src/anim/animation-track.js';
import { sampleTrack } from '../../src/anim/animation-track.js';
import { readBca } from '../../src/anim/read-bca.js';
import { readBck } from '../../src/anim/read-bck.js';
import { readBpk } from '../../src/anim/read-bpk.js';
import { readBrk } from '../../src/anim/read-brk.js';
import { readBtk } from '../../src/anim/read-btk.js';
import { readBtp } from '../../src/anim/read-btp.js';
import { readBva } from '../../src/anim/read-bva.js';

export const noclipBundle = `${fixturesDir}/../tools/peers/noclip-j3d/noclip-j3d.bundle.mjs`;
export const haveNoclip = existsSync(noclipBundle);

interface NoclipKey {
  time: number;
  value: number;
  tangentIn: number;
  tangentOut: number;
}
type NoclipTrack = { frames: NoclipKey[] };
// biome-ignore lint/suspicious/noExplicitAny: noclip's parse results are its own untyped shapes
type Noclip = Record<string, { parse: (slice: unknown) => any }> & {
  ArrayBufferSlice: new (b: ArrayBuffer) => unknown;
};

let loaded: Noclip | undefined;
async function noclip(): Promise<Noclip> {
  loaded ??= (await import(noclipBundle)) as Noclip;
  return loaded;
}

const keyed = (t: NoclipTrack, scale: number): J3dTrack => ({
  tangentMode: 1,
  keys: t.frames.map((k) => ({
    time: k.time,
    value: k.value * scale,
    tangentIn: k.tangentIn * scale,
    tangentOut: k.tangentOut * scale,
  })),
});

/** Expects two tracks to play alike at every half frame up to `duration`. */
function expectSamePlay(ours: J3dTrack, theirs: J3dTrack, duration: number, tolerance: number, what: string): void {
  for (let f = 0; f <= duration * 2; f++) {
    const a = sampleTrack(ours, f / 2);
    const b = sampleTrack(theirs, f / 2);
    expect(Math.abs(a - b), `${what} at frame ${f / 2}: ours ${a}, noclip ${b}`).toBeLessThanOrEqual(
      tolerance * Math.max(1, Math.abs(a)),
    );
  }
}

const AXES = ['X', 'Y', 'Z'] as const;

/** Parses `bytes` (a `kind` file) with noclip and expects it to read what our reader reads; returns the parse. */
// biome-ignore lint/suspicious/noExplicitAny: see Noclip
export async function expectNoclipReads(kind: string, bytes: Uint8Array): Promise<any> {
  const nc = await noclip();
  const slice = new nc.ArrayBufferSlice(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const parsed = nc[kind.toUpperCase()]!.parse(slice);
  // s16 / 32767 against / 32768.
  const angle = 32767 / 32768;
  if (kind === 'bck') {
    const ours = readBck(bytes);
    expect(parsed.jointAnimationEntries.length).toBe(ours.joints.length);
    ours.joints.forEach((j, i) => {
      const e = parsed.jointAnimationEntries[i];
      AXES.forEach((axis, a) => {
        expectSamePlay(j.scale[a]!, keyed(e[`scale${axis}`], 1), ours.duration, 1e-6, `joint ${i} scale ${axis}`);
        expectSamePlay(
          j.translation[a]!,
          keyed(e[`translation${axis}`], 1),
          ours.duration,
          1e-6,
          `joint ${i} t${axis}`,
        );
        expectSamePlay(j.rotation[a]!, keyed(e[`rotation${axis}`], angle), ours.duration, 1e-6, `joint ${i} r${axis}`);
      });
    });
  } else if (kind === 'bca') {
    const ours = readBca(bytes);
    ours.joints.forEach((j, i) => {
      const e = parsed.jointAnimationEntries[i];
      AXES.forEach((axis, a) => {
        expect(e[`scale${axis}`]).toEqual(j.scale[a]);
        expect(e[`translation${axis}`]).toEqual(j.translation[a]);
        const theirs = (e[`rotation${axis}`] as number[]).map((v) => v * angle);
        for (const [f, v] of theirs.entries()) expect(v).toBeCloseTo(j.rotation[a]![f]!, 9);
      });
    });
  } else if (kind === 'btk') {
    const ours = readBtk(bytes);
    expect(parsed.isMaya).toBe(ours.maya);
    ours.entries.forEach((e, i) => {
      const n = parsed.uvAnimationEntries[i];
      expect([n.materialName, n.texGenIndex]).toEqual([e.materialName, e.texMatrixIndex]);
      (['S', 'T', 'Q'] as const).forEach((axis, a) => {
        expectSamePlay(e.scale[a]!, keyed(n[`scale${axis}`], 1), ours.duration, 1e-6, `entry ${i} scale ${axis}`);
        expectSamePlay(e.translation[a]!, keyed(n[`translation${axis}`], 1), ours.duration, 1e-6, `t${axis}`);
        expectSamePlay(e.rotation[a]!, keyed(n[`rotation${axis}`], Math.PI * angle), ours.duration, 1e-6, `r${axis}`);
      });
    });
  } else if (kind === 'brk' || kind === 'bpk') {
    const ours = kind === 'brk' ? readBrk(bytes) : readBpk(bytes);
    expect(parsed.animationEntries.length).toBe(ours.entries.length);
    ours.entries.forEach((e, i) => {
      const n = parsed.animationEntries[i];
      expect(n.materialName).toBe(e.materialName);
      if ('kind' in e) expect(n.colorKind).toBe((e.kind === 'konst' ? 4 : 9) + e.colorIndex);
      for (const c of ['r', 'g', 'b', 'a'] as const)
        expectSamePlay(e[c], keyed(n[c], 255), ours.duration, 1e-6, `entry ${i} ${c}`);
    });
  } else if (kind === 'btp') {
    const ours = readBtp(bytes);
    expect(
      parsed.animationEntries.map((n: { materialName: string; texMapIndex: number; textureIndices: number[] }) => [
        n.materialName,
        n.texMapIndex,
        n.textureIndices,
      ]),
    ).toEqual(ours.entries.map((e) => [e.materialName, e.texMapIndex, e.textureIndices]));
  } else if (kind === 'bva') {
    const ours = readBva(bytes);
    expect(parsed.shapeVisibility.length).toBe(ours.shapes.length);
    ours.shapes.forEach((run, s) => {
      const bits = parsed.shapeVisibility[s];
      expect(bits.numBits).toBe(run.length);
      for (const [f, shown] of run.entries()) expect(bits.getBit(f), `shape ${s} frame ${f}`).toBe(shown);
    });
  }
  expect(parsed.duration).toBe(
    { bck: readBck, bca: readBca, btk: readBtk, brk: readBrk, bpk: readBpk, btp: readBtp, bva: readBva }[kind]!(bytes)
      .duration,
  );
  return parsed;
}
