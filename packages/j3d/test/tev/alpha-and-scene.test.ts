/*
 * Alpha test / blend reduction (GX compare enum NEVER 0 … ALWAYS 7, op AND OR XOR XNOR) and the GX state the
 * scene applies: cull FRONT flips the winding of the MKDD item box's inner box, normal-generated coordinates.
 */

import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { alphaCompareAt, alphaComparePass, reduceAlphaMode } from '../../src/gx/tev/reduce-alpha-mode.js';
import { textureAtom, textureKey } from '../../src/gx/tev/tev-atoms.js';
import { atomPoly, constPoly } from '../../src/gx/tev/tev-poly.js';
import { j3dToScene, readJ3d } from '../../src/index.js';
import { gxMaterial, tevStage } from './gx-material.js';

const cmp = (comp0: number, ref0: number, op: number, comp1: number, ref1: number) => ({
  comp0,
  ref0,
  op,
  comp1,
  ref1,
});
const varying = atomPoly(textureAtom(textureKey(0, 0), 3));

describe('alpha compare', () => {
  it('single cutoffs', () => {
    expect(alphaComparePass(cmp(4, 127, 0, 7, 0))).toEqual({ kind: 'cutoff', value: 128 / 255 }); // GREATER 127 AND ALWAYS
    expect(alphaComparePass(cmp(6, 128, 0, 3, 255))).toEqual({ kind: 'cutoff', value: 128 / 255 }); // GEQUAL 128 AND LEQUAL 255
    expect(alphaComparePass(cmp(0, 0, 1, 6, 64))).toEqual({ kind: 'cutoff', value: 64 / 255 }); // NEVER OR GEQUAL 64
    expect(alphaComparePass(cmp(7, 0, 1, 7, 0))).toEqual({ kind: 'always' });
    expect(alphaComparePass(cmp(4, 255, 0, 7, 0))).toEqual({ kind: 'never' });
    expect(alphaComparePass(cmp(1, 128, 0, 7, 0))).toEqual({ kind: 'other' }); // LESS: wrong direction
    expect(alphaComparePass(cmp(4, 10, 2, 4, 20))).toEqual({ kind: 'other' }); // XOR: a band
  });
  it('at a given alpha', () => {
    expect(alphaCompareAt(cmp(4, 10, 2, 4, 20), 15)).toBe(true); // >10 xor >20
    expect(alphaCompareAt(cmp(4, 10, 2, 4, 20), 25)).toBe(false);
    expect(alphaCompareAt(cmp(2, 5, 3, 5, 6), 5)).toBe(true); // (a = 5) XNOR (a ≠ 6): true XNOR true
    expect(alphaCompareAt(cmp(2, 5, 3, 5, 6), 7)).toBe(false); // false XNOR true
  });
});

describe('alpha mode', () => {
  const m = (fields: Parameters<typeof gxMaterial>[1]) => gxMaterial([tevStage()], fields);
  const blend = (mode: number, srcFactor: number, dstFactor: number) => ({
    blend: { mode, srcFactor, dstFactor, logicOp: 3 },
  });
  it('blend SRCALPHA/INVSRCALPHA → BLEND, or OPAQUE with constant alpha 1', () => {
    expect(reduceAlphaMode(m(blend(1, 4, 5)), varying).alphaMode).toBe('BLEND');
    expect(reduceAlphaMode(m(blend(1, 4, 5)), constPoly(1)).alphaMode).toBe('OPAQUE');
  });
  it('additive and subtractive blends → BLEND with a warning', () => {
    for (const b of [blend(1, 4, 1), blend(3, 1, 1)]) {
      const r = reduceAlphaMode(m(b), varying);
      expect(r.alphaMode).toBe('BLEND');
      expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([['j3d/blend-approximated', 'warning']]);
    }
  });
  it('alpha test without blending → MASK; constant alpha evaluates the test', () => {
    const test = { alphaCompare: cmp(6, 128, 0, 7, 0) };
    expect(reduceAlphaMode(m(test), varying)).toMatchObject({ alphaMode: 'MASK', alphaCutoff: 128 / 255 });
    expect(reduceAlphaMode(m(test), constPoly(1)).alphaMode).toBe('OPAQUE');
    const never = reduceAlphaMode(m(test), constPoly(0.25));
    expect(never.diagnostics[0]).toMatchObject({ code: 'j3d/alpha-compare', severity: 'warning' });
  });
});

describe.skipIf(!haveFixtures)('GX state in the scene', () => {
  const load = (name: string) => {
    const file = readJ3d(readFixture('j3d', name));
    return { file, ...j3dToScene(file) };
  };
  it('cull FRONT (mat_boxin) flips the winding: its triangles face the box centre', () => {
    const { scene } = load('nintendo_mkdd_minigameitembox_bomb.bmd');
    const index = scene.materials.findIndex((x) => x.name === 'mat_boxin');
    expect(scene.materials[index]!.doubleSided).toBe(false);
    const prims = scene.meshes.flatMap((mesh) => mesh.primitives).filter((p) => p.material === index);
    expect(prims.length).toBeGreaterThan(0);
    // A closed box seen from inside: with glTF counter-clockwise front faces, the face normal of every
    // triangle must point towards the centroid of the box.
    for (const p of prims) {
      const pos = p.attributes.POSITION!.array;
      const idx = p.indices!;
      const centre = [0, 0, 0];
      for (let i = 0; i < pos.length; i++) centre[i % 3]! += pos[i]! / (pos.length / 3);
      let inward = 0;
      let outward = 0;
      for (let t = 0; t < idx.length; t += 3) {
        const v = [0, 1, 2].map((k) => [0, 1, 2].map((c) => pos[idx[t + k]! * 3 + c]!));
        const [a, b, c] = v as [number[], number[], number[]];
        const e1 = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
        const e2 = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
        const n = [
          e1[1]! * e2[2]! - e1[2]! * e2[1]!,
          e1[2]! * e2[0]! - e1[0]! * e2[2]!,
          e1[0]! * e2[1]! - e1[1]! * e2[0]!,
        ];
        const toCentre = [centre[0]! - a[0]!, centre[1]! - a[1]!, centre[2]! - a[2]!];
        const d = n[0]! * toCentre[0]! + n[1]! * toCentre[1]! + n[2]! * toCentre[2]!;
        if (d > 0) inward++;
        else if (d < 0) outward++;
      }
      expect(inward).toBeGreaterThan(0);
      expect(outward).toBe(0);
    }
  });
  it('normal-mapped textures get a TEXCOORD set from the normals: uv = SRT·(½nx + ½, −½ny + ½)', () => {
    const { scene, diagnostics } = load('nintendo_smg_BlueStarCupsulePlanet.bdl');
    const index = scene.materials.findIndex((x) => x.name === 'FaceMat_v');
    const material = scene.materials[index]!;
    // FaceMat_v: texgen 0 reads NRM through TEXMTX0 (scale 0.791015625, no rotation, centre from the file);
    // there is no TEXn texgen, so the set is TEXCOORD_0.
    expect(material.baseColorTexture?.texCoord).toBe(0);
    expect(diagnostics.some((d) => d.code === 'j3d/normal-texcoord' && d.message.includes('FaceMat_v'))).toBe(true);
    const m = readJ3d(readFixture('j3d', 'nintendo_smg_BlueStarCupsulePlanet.bdl')).MAT3.materials.find(
      (x) => x.name === 'FaceMat_v',
    )!.texMatrices[0]!;
    const [cS, cT] = m.center;
    const s = m.scale[0];
    for (const p of scene.meshes.flatMap((mesh) => mesh.primitives).filter((q) => q.material === index)) {
      const n = p.attributes.NORMAL!.array;
      const uv = p.attributes.TEXCOORD_0!.array;
      for (let v = 0; v < n.length / 3; v += 7) {
        const u0 = 0.5 * n[v * 3]! + 0.5;
        const v0 = -0.5 * n[v * 3 + 1]! + 0.5;
        expect(uv[v * 2]!).toBeCloseTo(s * u0 + cS - s * cS, 4);
        expect(uv[v * 2 + 1]!).toBeCloseTo(s * v0 + cT - s * cT, 4);
      }
    }
  });
  it('cull ALL leaves the shapes out', () => {
    const { scene, diagnostics } = load('nintendo_mkdd_minigameitembox_bomb.bmd');
    const before = scene.meshes[0]!.primitives.filter((p) => p.material === 0).length;
    const file = readJ3d(readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd'));
    file.MAT3.materials[0]!.cullMode = 3;
    const { scene: after, diagnostics: hidden } = j3dToScene(file);
    expect(before).toBeGreaterThan(0);
    expect(after.meshes[0]!.primitives.filter((p) => p.material === 0)).toEqual([]);
    expect(hidden.some((d) => d.code === 'j3d/cull-all')).toBe(true);
    expect(diagnostics.some((d) => d.code === 'j3d/cull-all')).toBe(false);
  });
});
