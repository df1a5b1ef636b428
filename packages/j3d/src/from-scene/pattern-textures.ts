/*
 * Texture-pattern atlases back into textures, before a scene becomes a BMD/BDL (the mirror of btp-to-atlas.ts;
 * spec j3d.md §12). A scene read with a BTP shows the pattern through an atlas: one image of every texture the
 * pattern selects, whose texture carries `extras.gx.textureAtlas` (the material, the texture-map slot, and per
 * cell its place, texture name and GX header). A glTF keeps the atlas but drops the textures no material shows,
 * so a J3D model needs them cut out again: cell 0 (the material's own texture) takes the atlas texture's place,
 * the other cells are appended as textures of their own (each with its name and stored header, so TEX1 writes
 * them in their format), and a material keeping its GX state (`extras.gx`) shows cell 0 in the slot again:
 * materials-from-scene gives that slot the TEX1 texture written for cell 0 (the slot's stored number is the
 * game's TEX1 index when the scene keeps the game's TEX1, which need not be cell 0's scene texture index). The
 * atlas is cut from its base level (an encoded image is decoded with the injected decoder); an atlas that cannot
 * be decoded, or whose cells do not fit it, stays as it is, with a warning.
 */
import type { Diagnostic, Material, RgbaImage, Scene, Texture } from '@retromodel/scene';
import type { J3dImageDecoder } from './textures-from-scene.js';
import { pixelsOf } from './textures-from-scene.js';

/** One atlas cut back into textures. */
export interface PatternTextures {
  /** Scene material whose base colour texture was the atlas. */
  material: number;
  /** The GX texture-map slot the pattern animates. */
  texMap: number;
  /** Scene texture of every cell, in the atlas's order (cell 0: the material's own texture). */
  textures: number[];
  /** Per cell, its place in texture coordinates relative to cell 0 (what a pattern's offset keys add). */
  offsets: [number, number][];
}

/** `extras.gx.textureAtlas` as btp-to-atlas writes it, when a texture has a sound one. */
interface AtlasExtras {
  texMap: number;
  cellWidth: number;
  cellHeight: number;
  cells: { x: number; y: number; name?: unknown; header?: unknown }[];
}

function atlasOf(texture: Texture | undefined): AtlasExtras | undefined {
  const a = (texture?.extras?.gx as { textureAtlas?: Partial<AtlasExtras> } | undefined)?.textureAtlas;
  const whole = (v: unknown, max: number) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;
  if (!a || !whole(a.texMap, 7) || !whole(a.cellWidth, 1024) || !whole(a.cellHeight, 1024)) return undefined;
  if (!Array.isArray(a.cells) || a.cells.length === 0 || a.cells.length > 256) return undefined;
  if (!a.cells.every((c) => whole(c?.x, 0xffff) && whole(c?.y, 0xffff))) return undefined;
  return a as AtlasExtras;
}

/** The `width` × `height` texels of `image` from (x, y). */
function crop(image: RgbaImage, x: number, y: number, width: number, height: number, name: string): RgbaImage {
  const pixels = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 4;
    pixels.set(image.pixels.subarray(from, from + width * 4), row * width * 4);
  }
  return { kind: 'rgba8', name, width, height, pixels };
}

/**
 * A copy of `scene` whose pattern atlases are cut back into textures (the scene itself is not changed), and
 * where each atlas's cells went.
 */
export function cutPatternAtlases(
  scene: Scene,
  decode: J3dImageDecoder | undefined,
  diagnostics: Diagnostic[],
): { scene: Scene; patterns: PatternTextures[] } {
  const patterns: PatternTextures[] = [];
  if (!scene.textures.some((t) => atlasOf(t))) return { scene, patterns };
  const out: Scene = {
    ...scene,
    textures: [...scene.textures],
    images: [...scene.images],
    materials: [...scene.materials],
  };
  scene.materials.forEach((material, m) => {
    const index = material.baseColorTexture?.texture;
    const atlasTexture = index === undefined ? undefined : scene.textures[index];
    const atlas = atlasOf(atlasTexture);
    if (index === undefined || !atlasTexture || !atlas) return;
    const where = `material "${material.name ?? m}" texture map ${atlas.texMap}`;
    const pixels = pixelsOf(scene.images[atlasTexture.image]!, decode);
    const { cellWidth: w, cellHeight: h } = atlas;
    const fits =
      typeof pixels !== 'string' && atlas.cells.every((c) => c.x + w <= pixels.width && c.y + h <= pixels.height);
    if (typeof pixels === 'string' || !fits) {
      diagnostics.push({
        code: 'j3d/btp-atlas-kept',
        message: `${where}: its texture-pattern atlas ${typeof pixels === 'string' ? `cannot be read (${pixels})` : 'does not hold its cells'}; it is written as one texture and its pattern is not written`,
        severity: 'warning',
      });
      return;
    }
    const first = atlas.cells[0]!;
    const textures = atlas.cells.map((cell, i) => {
      const name = typeof cell.name === 'string' && cell.name ? cell.name : `${atlasTexture.name ?? 'pattern'}.${i}`;
      out.images.push(crop(pixels, cell.x, cell.y, w, h, name));
      const texture: Texture = {
        name,
        image: out.images.length - 1,
        sampler: atlasTexture.sampler,
        ...(cell.header && typeof cell.header === 'object' ? { extras: { gx: { header: cell.header } } } : {}),
      };
      if (i === 0) {
        out.textures[index] = texture;
        return index;
      }
      out.textures.push(texture);
      return out.textures.length - 1;
    });
    patterns.push({
      material: m,
      texMap: atlas.texMap,
      textures,
      offsets: atlas.cells.map((c) => [(c.x - first.x) / pixels.width, (c.y - first.y) / pixels.height]),
    });
    const cell = { x: first.x / pixels.width, y: first.y / pixels.height, sx: w / pixels.width, sy: h / pixels.height };
    out.materials[m] = withOwnTexture(material, cell);
  });
  return { scene: out, patterns };
}

/**
 * The material showing its own texture (cell 0) again: its texture transform loses the cell's scale and place
 * (cell 0's top-left `x`, `y` and its size `sx`, `sy`, in atlas texture coordinates). Its base colour texture is
 * already cell 0, which took the atlas texture's place.
 */
function withOwnTexture(material: Material, cell: { x: number; y: number; sx: number; sy: number }): Material {
  const ref = material.baseColorTexture!;
  if (!ref.transform) return material;
  const t = ref.transform;
  return {
    ...material,
    baseColorTexture: {
      ...ref,
      transform: {
        ...t,
        scale: [t.scale[0] / cell.sx, t.scale[1] / cell.sy],
        offset: [(t.offset[0] - cell.x) / cell.sx, (t.offset[1] - cell.y) / cell.sy],
      },
    },
  };
}
