/*
 * T3DM -> scene -> T3DM on every reference file: the rewritten file passes the runtime checks, keeps every
 * material chunk (through extras.n64), the skeleton, the animation channels, and draws the same triangles
 * (exact integer positions for static parts; skinned parts within one step, as they pass through the float
 * bone matrices). Plus the stripifier's property: strips decode to exactly the input triangles with their winding.
 */

import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { sidecarsOf } from '../../../test/t3dm/examples.js';
import { denseIds } from '../src/from-scene/dense-ids.js';
import { stripifyDense } from '../src/from-scene/planner-module.js';
import {
  checkRuntimeConstraints,
  readT3dm,
  sceneToT3dm,
  stringAt,
  type T3dmFile,
  t3dmToScene,
  writeT3dm,
} from '../src/internal.js';
import { decodeTriangles } from '../src/read/decode-triangles.js';

const models = listFixtures('t3dm', /\.t3dm$/);

/** Triangles per material name as sorted strings of quantised positions (rotation-normalised, winding kept). */
function triangleKeys(file: T3dmFile): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const v = file.chunks[file.header.chunkIdxVertices]!;
  const ib = file.chunks[file.header.chunkIdxIndices]!;
  if (v.kind !== 'vertices' || ib.kind !== 'indices') throw new Error('no V/I');
  for (const o of file.chunks) {
    if (o.kind !== 'object') continue;
    const m = file.chunks[file.header.chunkIdxMaterials + o.material]!;
    const name = m.kind === 'material' ? (stringAt(file.stringTable, m.name) ?? '') : '';
    const tris = decodeTriangles(o, ib.bytes, file.version, []);
    const list = out.get(name) ?? [];
    for (let t = 0; t < tris.vertex.length; t += 3) {
      const corners = [0, 1, 2].map((k) => {
        const i = tris.vertex[t + k]!;
        return `${v.position[i * 3]},${v.position[i * 3 + 1]},${v.position[i * 3 + 2]},${tris.bone[t + k]}`;
      });
      const rotations = [0, 1, 2].map((r) => [0, 1, 2].map((k) => corners[(r + k) % 3]).join(' '));
      list.push(rotations.sort()[0]!);
    }
    out.set(name, list);
  }
  for (const list of out.values()) list.sort();
  return out;
}

describe.skipIf(!haveFixtures)('T3DM -> scene -> T3DM', () => {
  it.each(models)('%s', (path) => {
    const ref = readT3dm(readFixture(path));
    const baseScale = path.includes('24_hdr_bloom/filesystem/scene.t3dm') ? 32 : 64;
    const { sdata } = sidecarsOf(path);
    const { scene } = t3dmToScene(ref, { baseScale, sdata });
    const out = sceneToT3dm(scene, { baseScale, bvh: ref.chunks.some((c) => c.kind === 'bvh') });
    const bytes = writeT3dm(out.file);
    expect(checkRuntimeConstraints(bytes)).toEqual([]);
    const again = readT3dm(bytes);
    const materials = (f: T3dmFile) =>
      f.chunks.flatMap((c) =>
        c.kind === 'material'
          ? [
              {
                ...c,
                name: stringAt(f.stringTable, c.name),
                textureA: { ...c.textureA, texPath: stringAt(f.stringTable, c.textureA.texPath) },
                textureB: { ...c.textureB, texPath: stringAt(f.stringTable, c.textureB.texPath) },
              },
            ]
          : [],
      );
    const byName = (list: ReturnType<typeof materials>) =>
      [...list].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
    expect(byName(materials(again))).toEqual(
      byName(
        materials(ref).filter((m) =>
          again.chunks.some((c) => c.kind === 'material' && stringAt(again.stringTable, c.name) === m.name),
        ),
      ),
    );
    const skeleton = (f: T3dmFile) =>
      f.chunks
        .find((c) => c.kind === 'skeleton')
        ?.bones.map((b) => [stringAt(f.stringTable, b.name), b.parentIdx, b.depth]) ?? [];
    expect(skeleton(again)).toEqual(skeleton(ref));
    const skinned = ref.chunks.some((c) => c.kind === 'skeleton');
    const want = triangleKeys(ref);
    const got = triangleKeys(again);
    for (const [name, list] of got) {
      const w = want.get(name)!;
      expect(list.length, name).toBe(w.length);
      if (!skinned) expect(list, name).toEqual(w);
    }
    // Durations to the tick: decoded key times are sums of rounded ticks, which may differ by one (spec §9.1).
    const anims = (f: T3dmFile) =>
      f.chunks.flatMap((c) =>
        c.kind === 'animation' ? [{ name: stringAt(f.stringTable, c.name), ticks: c.duration * 60 }] : [],
      );
    expect(anims(again).map((a) => a.name)).toEqual(anims(ref).map((a) => a.name));
    for (const [i, a] of anims(again).entries())
      expect(Math.abs(a.ticks - anims(ref)[i]!.ticks)).toBeLessThanOrEqual(1.01);
  });
});

/** A strip's triangles as flat triples: triangle i is (s[i], s[i+1], s[i+2]), reversed when i is odd. */
function destripify(s: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 2 < s.length; i++)
    out.push(...(i % 2 === 0 ? [s[i]!, s[i + 1]!, s[i + 2]!] : [s[i + 2]!, s[i + 1]!, s[i]!]));
  return out;
}

describe('stripify', () => {
  it('covers every triangle once with its winding', () => {
    const rnd = seededRandom(11);
    for (let round = 0; round < 200; round++) {
      // A random grid patch: quads split into two triangles, some removed.
      const w = 2 + Math.floor(rnd() * 6);
      const tris: number[] = [];
      for (let y = 0; y < w; y++) {
        for (let x = 0; x < w; x++) {
          const a = y * (w + 1) + x;
          const b = a + 1;
          const c = a + w + 1;
          const d = c + 1;
          if (rnd() > 0.1) tris.push(a, b, c);
          if (rnd() > 0.1) tris.push(b, d, c);
        }
      }
      const norm = (t: number[]) => {
        const out: string[] = [];
        for (let i = 0; i < t.length; i += 3) {
          const tri = [t[i]!, t[i + 1]!, t[i + 2]!];
          const k = tri.indexOf(Math.min(...tri));
          out.push([tri[k], tri[(k + 1) % 3], tri[(k + 2) % 3]].join(','));
        }
        return out.sort();
      };
      const { dense, ids } = denseIds(tris);
      const strips = stripifyDense(dense.subarray(0, tris.length), ids.length).map((s) => s.map((v) => ids[v]!));
      expect(norm(strips.flatMap(destripify))).toEqual(norm(tris));
      expect(strips.length).toBeLessThan(tris.length / 3 + 1);
    }
  });
});
