/*
 * Material plans -> M chunks (spec §7): one per plan some object uses, texture paths and names added to the
 * string table in tiny3d's order, the texture hash of a path (or its reference), and the PNGs to write beside
 * the model. Plans that come out as the same bytes (a material duplicated per primitive, as glTF exporters do)
 * share one chunk. Two images never share one PNG: a texture whose file name (ignoring case, as macOS and Windows
 * compare names) is that of another image's is not written, with a warning naming both, and its material shows the
 * other image, which is all a path can lead to.
 */
import type { Diagnostic, Image, Scene } from '@retromodel/scene';
import type { StringTableBuilder } from '../codec/string-table.js';
import type { T3dmMaterial, T3dmMaterialTexture } from '../t3dm-file.js';
import { stringHash } from './combiner.js';
import type { MaterialPlan, TexturePlan } from './material-from-scene.js';

const flatAxis = { low: 0, high: 0, mask: 0, shift: 0, mirror: 0, clamp: 0 };

/**
 * A material chunk as a string, equal for equal chunks: its JSON, the three bigint fields (which JSON has no form
 * for) as their decimal strings. A replacer function doing so, called by JSON.stringify for every value of every
 * material, cost the batch of shared examples 0.5% of its instructions (callgrind, all threads, 55 .glb -> T3DM:
 * 1,834.2 -> 1,825.3 M).
 */
function chunkKey(chunk: T3dmMaterial): string {
  return JSON.stringify({
    ...chunk,
    colorCombiner: String(chunk.colorCombiner),
    otherModeValue: String(chunk.otherModeValue),
    otherModeMask: String(chunk.otherModeMask),
  });
}

/**
 * The M chunks for `used` plans (in first-use order), which chunk each plan became, and the PNGs to write; a
 * texture that cannot have its own file is reported in `diagnostics`.
 */
export function materialChunks(
  scene: Scene,
  plans: MaterialPlan[],
  used: number[],
  strings: StringTableBuilder,
  diagnostics: Diagnostic[],
): { chunks: T3dmMaterial[]; chunkOfPlan: Map<number, number>; textures: { name: string; image: Image }[] } {
  const chunks: T3dmMaterial[] = [];
  const chunkOfPlan = new Map<number, number>();
  const byValue = new Map<string, number>();
  const textures: { name: string; image: Image }[] = [];
  // The image each PNG name (lower case) was written for; names refused once, so each is reported once.
  const imageOfName = new Map<string, number>();
  const refused = new Set<string>();
  const texture = (t: TexturePlan | undefined, material: string): T3dmMaterialTexture => {
    const texPath = t?.path ? strings.add(t.path) : 0;
    const image = t?.image === undefined ? undefined : scene.images[t.image];
    if (t?.image !== undefined && t.pngName && image) {
      const key = t.pngName.toLowerCase();
      const owner = imageOfName.get(key);
      if (owner === undefined) {
        imageOfName.set(key, t.image);
        textures.push({ name: t.pngName, image });
      } else if (owner !== t.image && !refused.has(`${key}/${t.image}`)) {
        refused.add(`${key}/${t.image}`);
        diagnostics.push({
          code: 't3dm/texture-name-taken',
          message: `material "${material}": image ${t.image} would be written as ${t.pngName}, the file of image ${owner}; it is not written, and the material shows image ${owner}`,
          severity: 'warning',
        });
      }
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
      textureA: texture(plan.textures[0], plan.name),
      textureB: texture(plan.textures[1], plan.name),
    };
    const key = chunkKey(chunk);
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
