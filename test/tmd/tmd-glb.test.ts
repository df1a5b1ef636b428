/*
 * Every shared TMD converted to GLB (with the shared TKL and TML beside it) passes the Khronos validator with
 * 0 errors: skin, animations, materials with decoded textures, and with `lod: 'all'` the MSFT_lod group.
 * Skinning the bind pose reproduces the stored positions, in the scene and in the GLB re-read. A TMD written
 * by the test builder with a DDS (DXT5) texture converts as well.
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { skinPositions } from '@retromodel/scene';
import {
  adapterRead,
  buildSampleTmd,
  expectValidGlb,
  haveFixtures,
  listFixtures,
  memorySidecars,
  readFixture,
} from '@retromodel/test-utils';
import { tmdAdapter } from '@retromodel/tmd';
import { describe, expect, it } from 'vitest';

const models = listFixtures('tmd', /\.tmd$/).map((p) => p.split('/').pop()!);

const shared = () =>
  memorySidecars({ 'synth.tkl': readFixture('tmd', 'synth.tkl'), 'synth.tml': readFixture('tmd', 'synth.tml') });

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  return a.length === b.length ? d : Number.POSITIVE_INFINITY;
}

interface GltfJson {
  skins?: unknown[];
  animations?: { channels: unknown[] }[];
  materials?: { pbrMetallicRoughness?: { baseColorTexture?: unknown } }[];
  images?: unknown[];
  extensionsUsed?: string[];
  nodes: { extensions?: { MSFT_lod?: { ids: number[] } }; extras?: Record<string, unknown> }[];
}

function jsonOf(glb: Uint8Array): GltfJson {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as GltfJson;
}

describe.skipIf(!haveFixtures)('TMD models to GLB', () => {
  for (const name of models) {
    for (const lod of [undefined, 'all'] as const) {
      it(`${name}${lod ? ' (lod: all)' : ''}: valid GLB with skin, animations, materials and textures`, async () => {
        const read = await adapterRead(tmdAdapter, readFixture('tmd', name), {
          fileName: name,
          sidecars: shared(),
          lod,
        });
        expect(read.sidecarsUsed).toEqual(['synth.tkl', 'synth.tml']);
        const { bytes } = await sceneToGlb(read.scene);
        const report = await expectValidGlb(bytes, `${name}.glb`);
        expect(report.issues.numErrors).toBe(0);
        const json = jsonOf(bytes);
        expect(json.skins?.length).toBe(1);
        expect(json.animations?.length).toBe(1);
        expect(json.animations![0]!.channels.length).toBeGreaterThan(0);
        expect(json.materials?.every((m) => m.pbrMetallicRoughness?.baseColorTexture !== undefined)).toBe(true);
        expect(json.images?.length).toBeGreaterThan(0);
        const levels = read.scene.lodGroups[0]?.levels.length ?? 1;
        if (lod === 'all' && levels > 1) {
          expect(json.extensionsUsed).toContain('MSFT_lod');
          expect(json.nodes.some((n) => n.extensions?.MSFT_lod?.ids.length === levels - 1)).toBe(true);
        }
      });
    }

    it(`${name}: skinning the bind pose puts the stored positions Y-up ((x, y, z) -> (x, z, -y)), before and after GLB`, async () => {
      const yUp = (a: ArrayLike<number>) =>
        Float32Array.from(a, (_, i) => (i % 3 === 1 ? a[i + 1]! : i % 3 === 2 ? -a[i - 1]! : a[i]!));
      const { scene } = await adapterRead(tmdAdapter, readFixture('tmd', name), { sidecars: shared() });
      const node = scene.nodes.find((n) => n.mesh !== undefined)!;
      for (const p of scene.meshes[node.mesh!]!.primitives) {
        expect(maxDiff(skinPositions(scene, node.skin!, p), yUp(p.attributes.POSITION.array))).toBeLessThan(1e-4);
      }
      const back = (await gltfToScene((await sceneToGlb(scene)).bytes)).scene;
      const backNode = back.nodes.find((n) => n.mesh !== undefined && n.skin !== undefined)!;
      for (const p of back.meshes[backNode.mesh!]!.primitives) {
        expect(maxDiff(skinPositions(back, backNode.skin!, p), yUp(p.attributes.POSITION.array))).toBeLessThan(1e-4);
      }
    });
  }
});

describe('a built TMD sample (DXT5 texture in its TML, 2 LODs, animations)', () => {
  it('converts to a valid GLB with every level', async () => {
    const files = buildSampleTmd();
    const read = await adapterRead(tmdAdapter, files['sample.tmd']!, {
      fileName: 'sample.tmd',
      sidecars: memorySidecars(files),
      lod: 'all',
    });
    expect(read.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect([...(read.sidecarsUsed ?? [])].sort()).toEqual(['sample.tkl', 'sample.tml']);
    const { bytes } = await sceneToGlb(read.scene);
    await expectValidGlb(bytes, 'sample.glb');
    const json = jsonOf(bytes);
    expect(json.extensionsUsed).toContain('MSFT_lod');
    expect(json.animations?.length).toBe(2);
  });
});
