/*
 * Scene material -> T3DM material state, in order of preference: `extras.n64` (written by t3dmToScene, so a
 * T3DM -> scene -> T3DM trip keeps everything), fast64 data (`extras.f3d_mat`, what tiny3d's converter requires),
 * else derived from the plain glTF-like material: base colour texture × vertex colours/lighting (SHADE) × base
 * colour factor (PRIM), BLEND -> MULTIPLY blender, MASK -> alpha compare with the cutoff in the blend colour alpha,
 * culling unless double-sided, NO_LIGHT when unlit, bilinear unless the sampler says NEAREST. Textures become
 * libdragon sprites (`rom:/<name>.sprite`) with the PNG written beside the model.
 */
import {
  type Diagnostic,
  fileNameProblem,
  type Image,
  type Material,
  printableName,
  printablePath,
  type Scene,
  uniqueFileStems,
} from '@retromodel/scene';
import { pngSize } from '../codec/png-info.js';
import { encodeColorChannel } from '../codec/vertex-codec.js';
import {
  BLEND_MULTIPLY,
  isN64MaterialExtras,
  type N64TextureExtras,
  parseHex64,
  RENDER_CULL_BACK,
  RENDER_DEPTH,
  RENDER_NO_LIGHT,
  RENDER_SHADED,
  RENDER_TEXTURED,
  SOM_ALPHA_COMPARE,
  SOM_SAMPLE_MASK,
  SOM_SAMPLE_SHIFT,
} from '../n64-extras.js';
import type { T3dmMaterial, T3dmMaterialAxis } from '../t3dm-file.js';
import { CC, CCA, multiplyCycle, packCombiner } from './combiner.js';
import { type Fast64Material, fast64Material } from './fast64-material.js';
import { findTexture, type TextureFiles, textureNotFound } from './find-texture.js';

/** One texture slot to write. */
export interface TexturePlan {
  /** ROM path stored in the file (`rom:/x.sprite`); undefined for reference-only slots. */
  path?: string;
  texReference: number;
  width: number;
  height: number;
  s: T3dmMaterialAxis;
  t: T3dmMaterialAxis;
  /** Scene image to write beside the model as `pngName`. */
  image?: number;
  pngName?: string;
}

/** Everything the writer needs for one material. */
export interface MaterialPlan {
  name: string;
  state: Omit<T3dmMaterial, 'kind' | 'name' | 'textureA' | 'textureB'>;
  textures: [TexturePlan | undefined, TexturePlan | undefined];
  /** UVs get the half-texel shift. */
  filtered: boolean;
}

const isPow2 = (n: number) => n > 0 && (n & (n - 1)) === 0;
const log2 = (n: number) => Math.round(Math.log2(n));

function imageSize(image: Image | undefined): { width: number; height: number } | undefined {
  if (!image) return undefined;
  if (image.kind === 'rgba8') return { width: image.width, height: image.height };
  if (image.width && image.height) return { width: image.width, height: image.height };
  return pngSize(image.data);
}

/**
 * File stems of the scene's images for the PNGs written beside the model (`rom:/<stem>.sprite`): their names
 * without `.png`, made safe and distinct as every writer makes them (uniqueFileStems), else `texture<n>`. None is
 * the name of a texture an N64 material of the scene keeps by its path (`rom:/<path>.sprite`), which is written
 * under that path.
 */
export function imageStems(scene: Scene): string[] {
  const kept = scene.materials.flatMap((m) => {
    const n64 = m.extras?.n64;
    if (!isN64MaterialExtras(n64)) return [];
    return [n64.textureA.path, n64.textureB.path].flatMap((path) =>
      path ? [pngNameOfPath(path).replace(/\.png$/, '')] : [],
    );
  });
  return uniqueFileStems(
    scene.images.map((image) => image.name?.replace(/\.png$/i, '')),
    (i) => `texture${i}`,
    kept,
  );
}

/** The PNG written for a texture an N64 material keeps by its ROM path: `rom:/a/b.sprite` → `a/b.png`. */
function pngNameOfPath(path: string): string {
  return path.replace(/^rom:\//, '').replace(/\.sprite$/, '.png');
}

/**
 * `name` (a `/`-separated path from the model's folder) when every part of it can be a file name on every
 * system, else undefined, with a warning: the name of a PNG written for a texture path read from the file (an N64
 * material's, a fast64 texture found nowhere), which goes through the project's rule for names read from files
 * (`rom:/CON.sprite` would be written as `CON.png`, the Windows console). A texture found on disk is written
 * under the name it has there, and the writer's own names (imageStems) pass the rule.
 */
function portablePngName(name: string, where: string, diagnostics: Diagnostic[]): string | undefined {
  for (const part of name.split('/')) {
    const problem = fileNameProblem(part);
    if (!problem) continue;
    diagnostics.push({
      code: 't3dm/texture-name-unsafe',
      message: `${where}: texture ${printablePath(name.split('/'))}: the name "${printableName(part)}" ${problem}, so it cannot be a file name on every system; the image was not written (the material keeps its path)`,
      severity: 'warning',
    });
    return undefined;
  }
  return name;
}

/** What planning a material looks up: the project's PNGs, the images' file stems, and where to report. */
export interface MaterialContext {
  files: TextureFiles;
  imageStems: string[];
  diagnostics: Diagnostic[];
  /** The images are written beside the model as PNGs (SceneToT3dmOptions.texturePngs). */
  writesPngs: boolean;
}

function defaultAxis(size: number, wrap: string | undefined): T3dmMaterialAxis {
  return {
    low: 0,
    high: Math.max(0, size - 1),
    mask: isPow2(size) ? log2(size) : 0,
    shift: 0,
    mirror: wrap === 'MIRRORED_REPEAT' ? 1 : 0,
    clamp: wrap === 'CLAMP_TO_EDGE' ? 1 : 0,
  };
}

function plainColor(c: number[]): [number, number, number, number] {
  return [
    encodeColorChannel(c[0] ?? 1, true),
    encodeColorChannel(c[1] ?? 1, true),
    encodeColorChannel(c[2] ?? 1, true),
    encodeColorChannel(c[3] ?? 1, false),
  ];
}

function fromN64(m: Material, scene: Scene, diagnostics: Diagnostic[]): MaterialPlan | undefined {
  const n = m.extras?.n64;
  if (!isN64MaterialExtras(n)) return undefined;
  const slot = (t: N64TextureExtras, useImage: boolean): TexturePlan => {
    const plan: TexturePlan = {
      texReference: t.texReference,
      width: t.width,
      height: t.height,
      s: { ...t.s },
      t: { ...t.t },
    };
    if (t.path) plan.path = t.path;
    const texture = useImage && m.baseColorTexture ? scene.textures[m.baseColorTexture.texture] : undefined;
    const pngName =
      t.path && texture ? portablePngName(pngNameOfPath(t.path), `material "${m.name ?? ''}"`, diagnostics) : undefined;
    if (pngName && texture) {
      plan.image = texture.image;
      plan.pngName = pngName;
    }
    return plan;
  };
  const state = {
    colorCombiner: parseHex64(n.combiner) ?? 0n,
    otherModeValue: parseHex64(n.otherModeValue) ?? 0n,
    otherModeMask: parseHex64(n.otherModeMask) ?? 0n,
    blendMode: n.blendMode >>> 0,
    renderFlags: n.renderFlags >>> 0,
    unused: 0,
    fogMode: n.fogMode & 0xff,
    setColorFlags: n.setColorFlags & 0xff,
    vertexFxFunc: n.vertexFx & 0xff,
    primColor: [...n.primColor] as [number, number, number, number],
    envColor: [...n.envColor] as [number, number, number, number],
    blendColor: [...n.blendColor] as [number, number, number, number],
  };
  return {
    name: m.name ?? '',
    state,
    textures: [slot(n.textureA, true), slot(n.textureB, false)],
    filtered: (state.otherModeValue & state.otherModeMask & SOM_SAMPLE_MASK) !== 0n,
  };
}

/**
 * Each scene material's fast64 data (undefined for a material without): worked out once for a conversion, which
 * looks at it several times (the textures to read, whether the scene is a fast64 one, each material's plan).
 */
export function fast64Materials(scene: Scene): (Fast64Material | undefined)[] {
  return scene.materials.map((m) => fast64Material(m.extras));
}

/** The image names the scene's fast64 materials (fast64Materials) look their textures up by (find-texture.ts). */
export function fast64ImageNames(fast64: readonly (Fast64Material | undefined)[]): string[] {
  const names = new Set<string>();
  for (const f of fast64) for (const t of f?.textures ?? []) if (t?.imageName) names.add(t.imageName);
  return [...names];
}

function fromFast64(
  m: Material,
  f: Fast64Material | undefined,
  scene: Scene,
  { files, diagnostics, writesPngs }: MaterialContext,
): MaterialPlan | undefined {
  if (!f) return undefined;
  const slot = (t: (typeof f.textures)[0], first: boolean): TexturePlan => {
    const plan: TexturePlan = {
      texReference: t?.texReference ?? 0,
      width: t?.width ?? 0,
      height: t?.height ?? 0,
      s: t?.s ?? defaultAxis(0, undefined),
      t: t?.t ?? defaultAxis(0, undefined),
    };
    if (t?.imageName) {
      const where = `material "${m.name ?? ''}"`;
      const found = findTexture(t.imageName, files, where, diagnostics);
      plan.path = found.romPath;
      const sceneImage = first && m.baseColorTexture ? scene.textures[m.baseColorTexture.texture]?.image : undefined;
      const pngName =
        sceneImage === undefined
          ? undefined
          : found.png
            ? found.outputName
            : portablePngName(found.outputName, where, diagnostics);
      if (sceneImage !== undefined && pngName) {
        plan.image = sceneImage;
        plan.pngName = pngName;
      }
      // The size of the PNG found; else of the glTF's own image where it is written in the file's place; else
      // 0×0, as tiny3d's decoder leaves a PNG it cannot find (UVs then scale by 32).
      const standIn =
        found.png || !writesPngs || plan.image === undefined ? undefined : imageSize(scene.images[plan.image]);
      plan.width = found.png?.width ?? standIn?.width ?? 0;
      plan.height = found.png?.height ?? standIn?.height ?? 0;
      if (!found.png) diagnostics.push(textureNotFound(where, t.imageName, standIn && { name: pngName!, ...standIn }));
    }
    return plan;
  };
  const { filtered, textures, ...rest } = f;
  return {
    name: m.name ?? '',
    state: { ...rest, unused: 0 },
    textures: [slot(textures[0], true), slot(textures[1], false)],
    filtered,
  };
}

function fromPlain(m: Material, scene: Scene, stems: string[]): MaterialPlan {
  const texture = m.baseColorTexture ? scene.textures[m.baseColorTexture.texture] : undefined;
  const image = texture ? scene.images[texture.image] : undefined;
  const sampler = texture ? scene.samplers[texture.sampler] : undefined;
  const size = imageSize(image);
  const textured = !!texture && !!size;
  const shade = m.vertexColors || !m.unlit;
  const factor = m.baseColorFactor;
  const tinted = factor.some((v) => v !== 1);
  let combiner: bigint;
  if (textured && shade) {
    const c0 = multiplyCycle(CC.TEXEL0, CC.SHADE, CCA.TEXEL0, CCA.SHADE);
    combiner = tinted
      ? packCombiner(c0, multiplyCycle(CC.COMBINED, CC.PRIM, CCA.COMBINED, CCA.PRIM))
      : packCombiner(c0);
  } else if (textured) combiner = packCombiner(multiplyCycle(CC.TEXEL0, CC.PRIM, CCA.TEXEL0, CCA.PRIM));
  else if (shade) combiner = packCombiner(multiplyCycle(CC.SHADE, CC.PRIM, CCA.SHADE, CCA.PRIM));
  else
    combiner = packCombiner({
      A: CC.ZERO_A,
      B: CC.ZERO_B,
      C: CC.ZERO_C,
      D: CC.PRIM,
      A_alpha: CCA.ZERO,
      B_alpha: CCA.ZERO,
      C_alpha: CCA.ZERO,
      D_alpha: CCA.PRIM,
    });
  const filtered = textured && sampler?.magFilter !== 'NEAREST';
  let renderFlags =
    RENDER_DEPTH |
    (textured ? RENDER_TEXTURED : 0) |
    (shade ? RENDER_SHADED : 0) |
    (m.doubleSided ? 0 : RENDER_CULL_BACK) |
    (m.unlit ? RENDER_NO_LIGHT : 0);
  renderFlags >>>= 0;
  let otherModeValue = filtered ? 2n << SOM_SAMPLE_SHIFT : 0n;
  if (m.alphaMode === 'MASK') otherModeValue |= SOM_ALPHA_COMPARE;
  const cutoff = Math.round(Math.min(1, Math.max(0, m.alphaCutoff ?? 0.5)) * 255);
  const slotA: TexturePlan | undefined =
    textured && texture && size
      ? {
          texReference: 0,
          width: size.width,
          height: size.height,
          s: defaultAxis(size.width, sampler?.wrapS),
          t: defaultAxis(size.height, sampler?.wrapT),
          image: texture.image,
          pngName: `${stems[texture.image]}.png`,
          path: `rom:/${stems[texture.image]}.sprite`,
        }
      : undefined;
  return {
    name: m.name ?? '',
    state: {
      colorCombiner: combiner,
      otherModeValue,
      otherModeMask: SOM_ALPHA_COMPARE | SOM_SAMPLE_MASK,
      blendMode: m.alphaMode === 'BLEND' ? BLEND_MULTIPLY : 0,
      renderFlags,
      unused: 0,
      fogMode: 0,
      setColorFlags: 1 | (m.alphaMode === 'MASK' ? 4 : 0),
      vertexFxFunc: 0,
      primColor: plainColor(factor),
      envColor: [255, 255, 255, 255],
      blendColor: [0, 0, 0, m.alphaMode === 'MASK' ? cutoff : 128],
    },
    textures: [slotA, undefined],
    filtered,
  };
}

/** The material tiny3d writes with `--ignore-materials`: every field 0 but the name (for a game's own materials). */
export function blankMaterialPlan(name: string): MaterialPlan {
  const axis = { low: 0, high: 0, mask: 0, shift: 0, mirror: 0, clamp: 0 };
  const slot: TexturePlan = { texReference: 0, width: 0, height: 0, s: axis, t: axis };
  return {
    name,
    state: {
      colorCombiner: 0n,
      otherModeValue: 0n,
      otherModeMask: 0n,
      blendMode: 0,
      renderFlags: 0,
      unused: 0,
      fogMode: 0,
      setColorFlags: 0,
      vertexFxFunc: 0,
      primColor: [0, 0, 0, 0],
      envColor: [0, 0, 0, 0],
      blendColor: [0, 0, 0, 0],
    },
    textures: [slot, { ...slot }],
    filtered: false,
  };
}

/**
 * Plans the T3DM material for a scene material (`fast64`: its fast64 data, fast64Material's); fast64 textures are
 * looked up in the context's files (what that finds, or not, is reported in its diagnostics).
 */
export function planMaterial(
  m: Material,
  fast64: Fast64Material | undefined,
  scene: Scene,
  context: MaterialContext,
): MaterialPlan {
  return (
    fromN64(m, scene, context.diagnostics) ??
    fromFast64(m, fast64, scene, context) ??
    fromPlain(m, scene, context.imageStems)
  );
}
