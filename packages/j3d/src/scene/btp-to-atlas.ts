/*
 * BTP texture-pattern animations (TPT1; spec j3d.md §12) to glTF: a texture atlas and a STEP-animated
 * KHR_texture_transform offset on the base colour texture (KHR_animation_pointer).
 * An entry makes texture-map slot `texMapIndex` of the material it names (J3D binds by name) show, at frame f,
 * the TEX1 texture of the run at min(f, count − 1) (the frame truncated: step-keys.ts). It plays in glTF when that
 * slot is the one the TEV reduction samples for the base colour texture (build-material.ts); the slot's texture
 * is then replaced by an atlas (texture-atlas.ts) of the material's own texture and every texture the patterns of
 * all the files select, and the KHR_texture_transform maps 0..1 onto one cell: its scale is the cell's, composed
 * with the material's own transform (possible when that has no rotation or the cell scale is uniform), and the
 * offset picks the cell. The static offset is the material's own texture: the J3D runtime replaces a material's
 * texture number only while a pattern animator is attached (J3DTexNoAnm), and games do draw materials without
 * one (SMG2 starts PowerStarColor.btp only for a star not yet collected), so the model without any clip playing
 * looks as the game draws it without the pattern.
 * The atlas sampler clamps (cells are bordered, not repeated): a warning is given when a texture of the atlas
 * repeats or mirrors in the game and the material's texture coordinates leave 0..1.
 * Entries that cannot play (another slot, a slot whose coordinates a BTK already animates, a texture the model
 * does not have, a transform the cell cannot compose with) are left out with a warning naming material and slot.
 * The atlas texture's `extras.gx.textureAtlas` names the material, slot and TEX1 indices, and per cell its place,
 * texture name and GX header, so that a writer can make the textures and the BTP again (atlas-to-btp.ts).
 */
import {
  type Diagnostic,
  type Material,
  materialPointer,
  parseMaterialPointer,
  type RgbaImage,
  type Sampler,
  type Scene,
  type TextureTransform,
} from '@retromodel/scene';
import type { BtpEntry, BtpFile } from '../anim/read-btp.js';
import type { GxMaterial } from '../gx/material-types.js';
import type { TevReduction } from '../gx/tev/reduce-tev.js';
import { namedAnimation, noteFileClock } from './animation-shell.js';
import { GX_BASE_COLOR_TEXTURE } from './build-material.js';
import { runValue, stepSampler } from './step-keys.js';
import { texCoordRange } from './texcoord-range.js';
import { buildTextureAtlas, type TextureAtlas } from './texture-atlas.js';

/** The model side of a texture pattern: MAT3 names and states, and the scene textures of the TEX1 textures. */
export interface PatternModel {
  names: string[];
  gx: GxMaterial[];
  /** Scene texture of every TEX1 index. */
  textureOf: number[];
  /** The TEV reduction the scene's materials were built with (build-material's reduceMaterialTev). */
  reduce: (gx: GxMaterial) => TevReduction;
  fps: number;
  diagnostics: Diagnostic[];
}

/** A pattern file and the name it goes by (its base name). */
export interface PatternAnimation {
  name: string;
  btp: BtpFile;
}

interface Played {
  source: PatternAnimation;
  entry: BtpEntry;
}

/** Why the entry cannot play on scene material `m`, or undefined when it can. */
function whyNotPlayable(scene: Scene, model: PatternModel, m: number, entry: BtpEntry): string | undefined {
  const gx = model.gx[m]!;
  const sampled = model.reduce(gx).texture?.texMap;
  if (sampled !== entry.texMapIndex)
    return sampled === undefined
      ? 'the glTF material has no base colour texture'
      : `the glTF base colour texture is texture map ${sampled}`;
  if (!scene.materials[m]!.baseColorTexture) return 'the glTF material has no base colour texture';
  const own = gx.textures[entry.texMapIndex];
  if (own === null || own === undefined || model.textureOf[own] === undefined) return 'the slot has no texture';
  const moved = scene.animations.some((a) =>
    a.channels.some((c) => {
      const target = c.path === 'pointer' ? parseMaterialPointer(c.pointer) : undefined;
      return target?.material === m && 'slot' in target && target.slot === 'baseColorTexture';
    }),
  );
  if (moved) return 'a texture-SRT animation (BTK) already moves its texture coordinates';
  const missing = entry.textureIndices.find((t) => model.textureOf[t] === undefined);
  if (missing !== undefined) return `it selects TEX1 texture ${missing}, which the model does not have`;
  return undefined;
}

/** The transform mapping 0..1 onto cell `i` after the material's own transform, or undefined when none does. */
function cellTransform(
  atlas: TextureAtlas,
  own: TextureTransform | undefined,
  i: number,
): TextureTransform | undefined {
  const t = own ?? { offset: [0, 0], scale: [1, 1], rotation: 0 };
  const sx = atlas.cellWidth / atlas.image.width;
  const sy = atlas.cellHeight / atlas.image.height;
  if (t.rotation !== 0 && Math.abs(sx - sy) > 1e-9 * Math.max(sx, sy)) return undefined;
  const cell = atlas.cells[i]!;
  return {
    offset: [cell.x / atlas.image.width + sx * t.offset[0], cell.y / atlas.image.height + sy * t.offset[1]],
    scale: [sx * t.scale[0], sy * t.scale[1]],
    rotation: t.rotation,
  };
}

/** The scene sampler index of `sampler`, added when the scene has no equal one. */
function samplerIndex(scene: Scene, sampler: Sampler): number {
  const key = JSON.stringify(sampler);
  const found = scene.samplers.findIndex((s) => JSON.stringify(s) === key);
  if (found >= 0) return found;
  scene.samplers.push(sampler);
  return scene.samplers.length - 1;
}

/** Replaces material `m`'s base colour texture by an atlas of `tex1` (its own texture first); the cell per index. */
function useAtlas(
  scene: Scene,
  model: PatternModel,
  m: number,
  slot: number,
  tex1: number[],
): Map<number, TextureTransform> | string {
  const material: Material = scene.materials[m]!;
  const ref = material.baseColorTexture!;
  const textures = tex1.map((t) => scene.textures[model.textureOf[t]!]!);
  const images = textures.map((t) => scene.images[t.image]!);
  if (images.some((im) => im.kind !== 'rgba8')) return 'a texture of the pattern is not decoded';
  const atlas = buildTextureAtlas(images as RgbaImage[], `${model.names[m]}.texMap${slot}.pattern`);
  const cells = new Map<number, TextureTransform>();
  for (const [i, t] of tex1.entries()) {
    const transform = cellTransform(atlas, ref.transform, i);
    if (!transform) return 'its texture transform rotates, and the atlas cell is not square in texture space';
    cells.set(t, transform);
  }
  const where = `material "${model.names[m]}" texture map ${slot}`;
  if (atlas.resized)
    model.diagnostics.push({
      code: 'j3d/btp-atlas-resized',
      message: `${where}: the pattern's textures differ in size; each fills an atlas cell of ${atlas.cellWidth}×${atlas.cellHeight} (nearest texel) and the atlas has no mip levels`,
      severity: 'info',
    });
  const samplers = textures.map((t) => scene.samplers[t.sampler]!);
  const range = texCoordRange(scene, m, ref.texCoord, ref.transform);
  const leaves = range !== undefined && (range.min < -1e-4 || range.max > 1 + 1e-4);
  if (leaves && samplers.some((s) => s.wrapS !== 'CLAMP_TO_EDGE' || s.wrapT !== 'CLAMP_TO_EDGE'))
    model.diagnostics.push({
      code: 'j3d/btp-atlas-wrap',
      message: `${where}: the pattern's textures repeat in the game and the texture coordinates leave 0..1 (${range.min.toFixed(3)}..${range.max.toFixed(3)}), but an atlas cell is clamped to its edges`,
      severity: 'warning',
    });
  // Without mip levels the minification filter is the level-0 one, so a player does not make levels of its
  // own that would blend neighbouring cells.
  const { magFilter = 'LINEAR', minFilter = magFilter } = samplers[0]!;
  const sampler = samplerIndex(scene, {
    wrapS: 'CLAMP_TO_EDGE',
    wrapT: 'CLAMP_TO_EDGE',
    magFilter,
    minFilter: atlas.image.mipmaps ? minFilter : minFilter.startsWith('NEAREST') ? 'NEAREST' : 'LINEAR',
  });
  scene.images.push(atlas.image);
  // What a writer needs to cut the cells out again (atlas-to-btp.ts): where each sits, and its texture's name
  // and GX header, since a glTF keeps the atlas but not the textures no material shows.
  const cellsOf = tex1.map((t, i) => ({
    ...atlas.cells[i]!,
    name: textures[i]!.name ?? `texture${t}`,
    header: (textures[i]!.extras?.gx as { header?: unknown } | undefined)?.header,
  }));
  scene.textures.push({
    name: atlas.image.name,
    image: scene.images.length - 1,
    sampler,
    extras: {
      gx: {
        textureAtlas: {
          material: model.names[m],
          texMap: slot,
          tex1,
          cellWidth: atlas.cellWidth,
          cellHeight: atlas.cellHeight,
          cells: cellsOf,
        },
      },
    },
  });
  material.baseColorTexture = {
    texture: scene.textures.length - 1,
    texCoord: ref.texCoord,
    transform: cells.get(tex1[0]!)!,
  };
  // The base colour texture is no longer the game's texture as it is.
  if (material.extras) delete material.extras[GX_BASE_COLOR_TEXTURE];
  return cells;
}

/** Adds the texture patterns of `sources` to a scene made from the model: atlases and offset channels. */
export function addTexturePatterns(scene: Scene, model: PatternModel, sources: PatternAnimation[]): void {
  const warn = (code: string, name: string, message: string) =>
    model.diagnostics.push({ code, message: `animation "${name}": ${message}`, severity: 'warning' });
  const played = new Map<number, Played[]>();
  for (const source of sources) {
    const seen = new Set<number>();
    for (const entry of source.btp.entries) {
      const m = model.names.indexOf(entry.materialName);
      const what = `texture map ${entry.texMapIndex} of material "${entry.materialName}"`;
      if (m < 0) {
        warn(
          'j3d/anim-material-missing',
          source.name,
          `the model has no material "${entry.materialName}"; ${what} is left out`,
        );
        continue;
      }
      const why = whyNotPlayable(scene, model, m, entry);
      if (why) {
        warn('j3d/btp-not-played', source.name, `${what} does not reach glTF: ${why}; it is left out`);
        continue;
      }
      if (seen.has(m)) {
        warn('j3d/btp-twice', source.name, `${what} is animated by two entries; the first is used`);
        continue;
      }
      seen.add(m);
      played.set(m, [...(played.get(m) ?? []), { source, entry }]);
    }
  }
  for (const [m, list] of played) {
    const slot = list[0]!.entry.texMapIndex;
    const own = model.gx[m]!.textures[slot]!;
    const tex1 = [...new Set([own, ...list.flatMap((p) => p.entry.textureIndices)])];
    const cells = useAtlas(scene, model, m, slot, tex1);
    if (typeof cells === 'string') {
      for (const p of list)
        warn(
          'j3d/btp-not-played',
          p.source.name,
          `texture map ${slot} of material "${model.names[m]}" does not reach glTF: ${cells}; it is left out`,
        );
      continue;
    }
    const pointer = materialPointer({ material: m, slot: 'baseColorTexture', property: 'offset' });
    for (const { source, entry } of list) {
      const animation = namedAnimation(scene, source.name, source.btp, model.fps);
      noteFileClock(animation, 'btp', source.btp);
      if (animation.channels.some((c) => c.path === 'pointer' && c.pointer === pointer)) {
        warn('j3d/anim-property-twice', source.name, `${pointer} is animated by two files; the first is kept`);
        continue;
      }
      const frames = Math.max(0, source.btp.duration);
      const values = Array.from({ length: frames + 1 }, (_, f) => [
        ...cells.get(runValue(entry.textureIndices, f))!.offset,
      ]);
      animation.channels.push({ path: 'pointer', pointer, sampler: animation.samplers.length });
      animation.samplers.push(stepSampler(values, model.fps, 0));
    }
  }
}
