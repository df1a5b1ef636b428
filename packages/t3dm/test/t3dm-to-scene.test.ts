/*
 * t3dmToScene on every reference file: decoded triangle counts equal each object's stored triCount (the
 * converter writes the input triangle count there, spec §6), the scene validates, every animation decodes with
 * its A-chunk duration (±1 tick, spec §9.1), textures resolve to the PNGs in assets/. Codec properties for
 * 5.6.5 normals and 32-bit quaternions.
 */
import { type Diagnostic, type Quat, quatNormalize, validateScene } from '@retromodel/scene';
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { sidecarsOf } from '../../../test/t3dm/examples.js';
import { packNormal, packQuat, readT3dm, stringAt, t3dmToScene, unpackNormal, unpackQuat } from '../src/internal.js';
import { decodeTriangles } from '../src/read/decode-triangles.js';

const models = listFixtures('t3dm', /\.t3dm$/);

describe.skipIf(!haveFixtures)('t3dmToScene on the reference files', () => {
  it.each(models)('%s', (path) => {
    const file = readT3dm(readFixture(path));
    const diagnostics: Diagnostic[] = [];
    for (const c of file.chunks) {
      if (c.kind !== 'object') continue;
      const indexChunk = file.chunks[file.header.chunkIdxIndices]!;
      if (indexChunk.kind !== 'indices') throw new Error('no I chunk');
      const tris = decodeTriangles(c, indexChunk.bytes, file.version, diagnostics);
      expect(tris.vertex.length / 3, stringAt(file.stringTable, c.name)).toBe(c.triCount);
    }
    expect(diagnostics).toEqual([]);
    const { sdata, textures } = sidecarsOf(path);
    const { scene, diagnostics: sceneDiagnostics } = t3dmToScene(file, {
      sdata,
      textures,
      baseScale: path.includes('24_hdr_bloom/filesystem/scene.t3dm') ? 32 : 64,
    });
    expect(validateScene(scene)).toEqual([]);
    expect(sceneDiagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(sceneDiagnostics.filter((d) => d.code === 't3dm/texture-not-found')).toEqual([]);
    const anims = file.chunks.filter((c) => c.kind === 'animation');
    expect(scene.animations.length).toBe(anims.length);
    anims.forEach((a, i) => {
      const end = Math.max(...scene.animations[i]!.samplers.map((s) => s.input[s.input.length - 1]!));
      expect(Math.abs(end - a.duration)).toBeLessThanOrEqual(1 / 60 + 1e-4);
    });
  });
});

describe('vertex and keyframe codecs', () => {
  it('5.6.5 normals: +Y is 0x03E0, -Y is 0x0400 (spec §5.2), unpack∘pack stays within the step', () => {
    expect(packNormal(0, 1, 0)).toBe(0x03e0);
    expect(packNormal(0, -1, 0)).toBe(0x0400);
    const rnd = seededRandom(7);
    const out = new Float32Array(3);
    for (let i = 0; i < 2000; i++) {
      const v = [rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 2 - 1];
      const len = Math.hypot(v[0]!, v[1]!, v[2]!);
      unpackNormal(packNormal(v[0]!, v[1]!, v[2]!), out, 0);
      const dot = (out[0]! * v[0]! + out[1]! * v[1]! + out[2]! * v[2]!) / len;
      expect(dot).toBeGreaterThan(0.97);
    }
  });
  it('quaternions: unpack∘pack within the 10-bit step, up to sign', () => {
    const rnd = seededRandom(9);
    for (let i = 0; i < 2000; i++) {
      const q = quatNormalize([rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 2 - 1] as Quat);
      const r = unpackQuat(packQuat(q));
      const dot = Math.abs(q[0] * r[0] + q[1] * r[1] + q[2] * r[2] + q[3] * r[3]);
      expect(dot).toBeGreaterThan(0.99999);
    }
  });
});
