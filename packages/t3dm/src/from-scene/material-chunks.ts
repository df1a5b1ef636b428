/*
 * Material plans -> M chunks (spec §7): one per plan some object uses, texture paths and names added to the
 * string table in tiny3d's order, the texture hash of a path (or its reference), and the PNGs to write beside
 * the model. Plans that come out as the same bytes (a material duplicated per primitive, as glTF exporters do)
 * share one chunk.
 */
import type { Image, Scene } from '@retromodel/scene';
import type { StringTableBuilder } from '../codec/string-table.js';
import type { T3dmMaterial, T3dmMaterialTexture } from '../t3dm-file.js';
import { stringHash } from './combiner.js';
import type { MaterialPlan, TexturePlan } from './material-from-scene.js';

const flatAxis = { low: 0, high: 0, mask: 0, shift: 0, mirror: 0, clamp: 0 };

/** The M chunks for `used` plans (in first-use order), which chunk each plan became, and the PNGs to write. */
export function materialChunks(
  scene: Scene,
  plans: MaterialPlan[],
  used: number[],
  strings: StringTableBuilder,
): { chunks: T3dmMaterial[]; chunkOfPlan: Map<number, number>; textures: { name: string; image: Image }[] } {
  const chunks: T3dmMaterial[] = [];
  const chunkOfPlan = new Map<number, number>();
  const byValue = new Map<string, number>();
  const textures: { name: string; image: Image }[] = [];
  const texture = (t: TexturePlan | undefined): T3dmMaterialTexture => {
    const texPath = t?.path ? strings.add(t.path) : 0;
    if (t?.image !== undefined && t.pngName && !textures.some((x) => x.name === t.pngName)) {
      const image = scene.images[t.image];
      if (image) textures.push({ name: t.pngName, image });
    }
    return {
      texReference: t?.texReference ?? 0,
      texPath,
      textureHash: t?.path ? stringHash(t.path) : (t?.texReference ?? 0),
      texture: 0,
      texWidth: t?.width ?? 32,
      texHeight: t?.height ?? 32,
      s: t?.s ?? flatAxis,
      t: t?.t ?? flatAxis,
    };
  };
  for (const p of used) {
    const plan = plans[p]!;
    const chunk: T3dmMaterial = {
      kind: 'material',
      ...plan.state,
      name: strings.add(plan.name),
      textureA: texture(plan.textures[0]),
      textureB: texture(plan.textures[1]),
    };
    const key = JSON.stringify(chunk, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
    let at = byValue.get(key);
    if (at === undefined) {
      at = chunks.length;
      byValue.set(key, at);
      chunks.push(chunk);
    }
    chunkOfPlan.set(p, at);
  }
  return { chunks, chunkOfPlan, textures };
}
