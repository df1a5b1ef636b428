/*
 * TEX1 from a scene that keeps the game's TEX1 (`extras.gxTex1Json`, see stored-tex1), for textures-from-scene:
 * TEX1 is that table, texture for texture in its order (the indices its stored GX materials and the game's
 * pattern animations use), each one byte for byte unless its image was edited. Each glTF image is matched to
 * the stored images: one whose pixels are a stored image's level 0 is that image, unedited, whatever it is
 * called now; one whose pixels are no stored image's is an edit of the stored image it stands for: the one a
 * material's `extras.gxBaseColorTexture` names when the image is that material's base colour texture
 * (j3dToScene links them so, and Blender keeps a material's extras), else the one whose texture it is named
 * after (its image's or one of its textures' name is a stored texture's name; Blender's exporter drops what
 * follows a name's last `.`, so `PowerStar` stands for `PowerStar.3` when no stored texture is called
 * `PowerStar`). An edited image is re-encoded in the game's format (its palette format; its mip levels, as many
 * as it had, made from the new pixels) with the stored header's sampler and LOD fields. A stored image no glTF
 * image shows (a glTF tidy step or Blender left it out) is written as stored; one whose level 0 was left to its
 * glTF image (see scene/tex1-extras) gets it encoded from that image, and is written blank, with a warning,
 * when the image is gone. A glTF texture that is not the game's (e.g. the colours j3dToScene bakes into a
 * texture of their own for glTF viewers) becomes a TEX1 texture only when a material built from its glTF fields
 * shows it.
 */
import { sameBytes } from '@retromodel/binary';
import type { Diagnostic, RgbaImage, Scene } from '@retromodel/scene';
import type { J3dTexture } from '../chunks/read-tex1.js';
import { encodeGxTexture } from '../gx/texture/encode-gx-texture.js';
import { gxFormatName } from '../gx/texture/formats.js';
import { GX_BASE_COLOR_TEXTURE } from '../scene/build-material.js';
import type { StoredTex1 } from './stored-tex1.js';
import type { TextureEncoder } from './texture-encoder.js';
import type { SceneTextures, TextureOptions } from './textures-from-scene.js';

/** What gameTextures shares with texturesFromScene. */
export interface SceneTextureTools {
  encoder: TextureEncoder;
  pixelsOfImage: (image: number) => RgbaImage | string;
  fromSceneTexture: (i: number) => J3dTexture | undefined;
}

/** The stored textures `names` (a glTF image's and its textures') name: exactly, else as Blender cut them. */
function storedTexturesNamed(names: readonly string[], storedNames: readonly string[]): number[] {
  const exact = storedNames.flatMap((s, k) => (names.includes(s) ? [k] : []));
  if (exact.length > 0) return exact;
  return storedNames.flatMap((s, k) => {
    const dot = s.lastIndexOf('.');
    return dot > 0 && names.includes(s.slice(0, dot)) ? [k] : [];
  });
}

/** TEX1 from the game's stored TEX1 and the glTF images (see the file comment). */
export function gameTextures(
  scene: Scene,
  stored: StoredTex1,
  options: TextureOptions,
  diagnostics: Diagnostic[],
  tools: SceneTextureTools,
): SceneTextures {
  const note = (code: string, message: string, severity: Diagnostic['severity'] = 'info') =>
    diagnostics.push({ code, message, severity });
  const storedNames = stored.textures.map((t) => t.name);
  // The stored image each glTF image shows (unedited) or edits, and the edits.
  const storedImageOf = new Map<number, number>();
  // Level 0 of stored images that left it to the glTF image, from the image found unedited.
  const level0Pixels = new Map<number, Uint8Array>();
  const edits = new Map<number, { image: number; pixels: RgbaImage }>();
  // Every image, also one no texture uses (a tool that rebuilds the texture list from the materials' slots, as
  // glTF-Transform does, keeps the image of a texture no material shows but drops the texture).
  const namesOf = new Map(scene.images.map((image, i) => [i, image.name ? [image.name] : []]));
  for (const t of scene.textures) if (t.name) namesOf.get(t.image)?.push(t.name);
  // A material's glTF base colour texture that j3dToScene made of a game texture as it is names it.
  const linked = new Map<number, Set<number>>();
  for (const m of scene.materials) {
    const k = m.extras?.[GX_BASE_COLOR_TEXTURE];
    const image = m.baseColorTexture && scene.textures[m.baseColorTexture.texture]?.image;
    if (image === undefined || typeof k !== 'number' || stored.imageOf[k] === undefined) continue;
    linked.set(image, (linked.get(image) ?? new Set()).add(stored.imageOf[k]!));
  }
  for (const [image, names] of namesOf) {
    const pixels = tools.pixelsOfImage(image);
    const named = [
      ...(linked.get(image) ?? new Set(storedTexturesNamed(names, storedNames).map((k) => stored.imageOf[k]!))),
    ];
    if (typeof pixels === 'string') {
      if (named.length > 0)
        note(
          'j3d/texture-not-compared',
          `image ${image} ("${names[0]}") is not compared with the game's texture of that name: ${pixels}; the game's is written`,
          'warning',
        );
      continue;
    }
    const same = stored.images.flatMap((s, k) =>
      s.width === pixels.width && s.height === pixels.height && s.isLevel0(pixels.pixels) ? [k] : [],
    );
    // Unedited: the pixels of the game's image it is named after, or of any when its name is not a game's.
    const unedited = same.find((k) => named.length === 0 || named.includes(k));
    if (unedited !== undefined) {
      storedImageOf.set(image, unedited);
      for (const k of same) level0Pixels.set(k, pixels.pixels);
      continue;
    }
    const gameName = (k: number) => storedNames[stored.images[k]!.textures[0]!];
    if (named.length > 1) {
      note(
        'j3d/texture-edit-ambiguous',
        `image ${image} ("${names[0]}") was edited, and its name fits ${named.length} of the game's textures (${named.map(gameName).join(', ')}); its edit is not written`,
        'warning',
      );
      continue;
    }
    const target = named[0];
    if (target === undefined) continue;
    const earlier = edits.get(target);
    if (earlier && !sameBytes(earlier.pixels.pixels, pixels.pixels)) {
      note(
        'j3d/texture-edit-ambiguous',
        `images ${earlier.image} and ${image} are both edits of the game's texture "${gameName(target)}"; the first is written`,
        'warning',
      );
      continue;
    }
    storedImageOf.set(image, target);
    edits.set(target, { image, pixels });
  }

  // The game's textures, in the game's order.
  let kept = 0;
  const textures = stored.textures.map((t, k) => {
    const image = stored.imageOf[k]!;
    const s = stored.images[image]!;
    const edit = edits.get(image);
    const label = `texture ${k} ("${t.name}")`;
    // Level 0 as the game has it: kept, or encoded from the glTF image that holds it.
    let level0 = s.level0() ?? level0Pixels.get(image);
    if (!level0) {
      if (!edit)
        note(
          'j3d/texture-image-missing',
          `${label}: its level 0 was left to its glTF image, which is gone (no material shows it any more); it is written blank`,
          'warning',
        );
      level0 = new Uint8Array(s.width * s.height * 4);
    }
    if (!edit && options.textureFormat === undefined) {
      kept++;
      if (!s.inImage) return t;
      const data = t.data.slice();
      const { format, width, height } = t.header;
      data.set(encodeGxTexture(level0, width, height, format, { mipCount: 1 }).data);
      return { ...t, data };
    }
    const pixels: RgbaImage = edit?.pixels ?? {
      kind: 'rgba8',
      width: s.width,
      height: s.height,
      pixels: level0,
      mipmaps: s.mipmaps(),
    };
    const texture = tools.encoder.encode({
      label,
      name: t.name,
      pixels,
      stored: t.header,
      sampler: undefined,
      imageKey: `game ${image}`,
    });
    if (edit)
      note(
        'j3d/texture-edited',
        `${label}: its image was edited; it is re-encoded as ${gxFormatName(texture.header.format)}, the game's format`,
      );
    return texture;
  });
  note('j3d/texture-kept', `${kept} of ${textures.length} texture(s) are the game's, byte for byte`);

  const added = new Map<number, number | undefined>();
  const textureOf = (sceneTexture: number) => {
    const t = scene.textures[sceneTexture];
    if (!t) return undefined;
    const image = storedImageOf.get(t.image);
    if (image !== undefined) {
      const shows = stored.images[image]!.textures;
      return shows.find((k) => storedNames[k] === t.name) ?? shows[0];
    }
    if (!added.has(sceneTexture)) {
      const texture = tools.fromSceneTexture(sceneTexture);
      added.set(sceneTexture, texture && textures.push(texture) - 1);
    }
    return added.get(sceneTexture);
  };
  const finish = () => {
    const helpers = scene.textures.flatMap((t, i) =>
      storedImageOf.has(t.image) || added.has(i) ? [] : [t.name ?? scene.images[t.image]?.name ?? `texture ${i}`],
    );
    if (helpers.length > 0)
      note(
        'j3d/texture-not-the-games',
        `${helpers.length} glTF texture(s) are not the game's and no material built from glTF fields shows them, so they are not written (${helpers.join(', ')}); colours baked for glTF viewers change by editing the game's texture or the material's GX state`,
      );
  };
  return {
    tex1: { textures, bytes: new Uint8Array(0), offset: 0 },
    textureOf,
    slotOf: (slot) => (slot < stored.textures.length ? slot : undefined),
    finish,
  };
}
