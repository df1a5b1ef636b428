/*
 * A GX material to a glTF material (spec j3d.md §9.3–9.4); the complete GX state goes to `extras.gx`, and again
 * as JSON text to `extras.gxJson` for tools whose custom properties cannot hold it (Blender's hold no null; the
 * text is made when first read).
 *   base colour texture, factor, vertex colours and emissive: the TEV stages evaluated and reduced
 *     (gx/tev/reduce-tev), textures mixed in besides the base one taken as their mean colour; a colour the
 *     factors cannot hold that depends on the base texture alone is baked into a texture of its own (same
 *     sampler and coordinates, name `<material>/<texture>`). The texture's texMap → material texture slot →
 *     TEX1 texture; its texCoord → texgen:
 *     a texgen reading TEXn gives TEXCOORD_n (an SRT texture matrix → KHR_texture_transform when
 *     representable); a texgen reading normals (sphere / environment maps) gives a TEXCOORD set the shapes
 *     compute from the bind-pose normals, uv = SRT · (½nx + ½, −½ny + ½) (the J3D environment base matrix with
 *     the camera looking down −z), so the static look matches. When the base colour texture is a TEX1
 *     texture as it is, `extras.gxBaseColorTexture` names its TEX1 index.
 *   alpha mode and cutoff: alpha test and blend mode (gx/tev/reduce-alpha-mode).
 *   cull (GX_CULL_*): 0 NONE → double-sided; 2 BACK → single-sided; 1 FRONT → single-sided with the shapes'
 *     winding flipped; 3 ALL → the shapes are not drawn (the material stays, with its state in extras).
 *   unlit unless the TEV reads a lit colour channel.
 */
import {
  createMaterial,
  type Diagnostic,
  type Extras,
  type Material,
  type Scene,
  type TextureRef,
} from '@retromodel/scene';
import type { GxMaterial } from '../gx/material-types.js';
import { reduceAlphaMode } from '../gx/tev/reduce-alpha-mode.js';
import { type ReduceTevOptions, reduceTev, type SharedEvaluation, type TevReduction } from '../gx/tev/reduce-tev.js';
import { bakeTexture, MAX_BAKED_TEXELS, textureMean } from './bake-texture.js';
import { type LazyTextState, lazyTextDescriptor } from './lazy-text-descriptor.js';
import { texMatrixRows, texMatrixToTransform } from './tex-matrix.js';

/**
 * The key, in a material's extras, of the TEX1 index whose image its glTF base colour texture is (absent when
 * that texture is baked from one, or is none): how the way back knows which game texture an edited image is,
 * whatever a tool renamed it to (Blender keeps a material's extras).
 */
export const GX_BASE_COLOR_TEXTURE = 'gxBaseColorTexture';

/** What a material needs from the scene being built. */
export interface MaterialContext {
  /** Scene texture index of a TEX1 texture index, or undefined when there is none. */
  texture: (tex1Index: number) => number | undefined;
  diagnostics: Diagnostic[];
  /** The scene the textures are in, for their pixels: without it, other textures are ½ and nothing is baked. */
  scene?: Scene;
  /** By scene image index: channel sums of images not decoded yet (addTextures), for their mean colour. */
  undecodedSums?: readonly ((() => number[] | undefined) | undefined)[];
  /** TEV evaluations shared by the model's materials (see ReduceTevOptions.evaluations). */
  evaluations?: SharedEvaluation[];
}

/** What the shapes drawn with a material must do (see build-shape-primitives). */
export interface ShapeMaterialState {
  /** Write COLOR_0.rgb from CLR0 (else 1). */
  vertexColor: boolean;
  /** Write COLOR_0.a from CLR0 (else 1). */
  vertexAlpha: boolean;
  /** GX cull FRONT: reverse the triangles once more. */
  flipWinding: boolean;
  /** GX cull ALL: draw nothing. */
  hidden: boolean;
  /** A TEXCOORD set to compute from the normals: uv = rows · (nx, ny, 1). */
  normalTexCoord?: { set: number; rows: number[] };
}

/** The reduced material and what its shapes must do. */
export interface BuiltMaterial {
  material: Material;
  /** The shapes carry COLOR_0. */
  vertexColors: boolean;
  shape: ShapeMaterialState;
}

const ENV_BASE = [0.5, 0, 0.5, 0, -0.5, 0.5];

/** rows a ∘ rows b for 2×3 affine UV matrices (read by index: destructuring ran the iterator protocol). */
function composeRows(a: number[], b: number[]): number[] {
  const a0 = a[0]!;
  const a1 = a[1]!;
  const a2 = a[2]!;
  const a3 = a[3]!;
  const a4 = a[4]!;
  const a5 = a[5]!;
  const b0 = b[0]!;
  const b1 = b[1]!;
  const b2 = b[2]!;
  const b3 = b[3]!;
  const b4 = b[4]!;
  const b5 = b[5]!;
  return [
    a0 * b0 + a1 * b3,
    a0 * b1 + a1 * b4,
    a0 * b2 + a1 * b5 + a2,
    a3 * b0 + a4 * b3,
    a3 * b1 + a4 * b4,
    a3 * b2 + a4 * b5 + a5,
  ];
}

/** The scene texture a material's texture map shows, or undefined when it has none. */
function sceneTextureOf(gx: GxMaterial, texMap: number, ctx: MaterialContext): number | undefined {
  const tex1 = gx.textures[texMap];
  return tex1 === null || tex1 === undefined ? undefined : ctx.texture(tex1);
}

/**
 * The TEV reduction of a material as buildMaterial makes it (with the scene: other textures at their mean
 * colour, baking allowed). Material animations re-run it per frame, so frames and the static material agree.
 */
export function reduceMaterialTev(gx: GxMaterial, ctx: MaterialContext): TevReduction {
  const { scene } = ctx;
  if (!scene) return reduceTev(gx);
  // Made field by field, not spread: an object spread is a copy at run time.
  const options: ReduceTevOptions = {
    bake: true,
    textureMean: (texMap) => {
      const t = sceneTextureOf(gx, texMap, ctx);
      return t === undefined ? undefined : textureMean(scene, t, ctx.undecodedSums);
    },
  };
  if (ctx.evaluations) options.evaluations = ctx.evaluations;
  return reduceTev(gx, options);
}

/** Where a material's extras keep their GX state's JSON text once made. */
const gxJsonState = Symbol('gxJson text');

interface GxTextState extends LazyTextState {
  gx: GxMaterial;
}

/** The `gxJson` accessor, shared by every material's extras (see lazyTextDescriptor). */
const gxJsonDescriptor = lazyTextDescriptor<GxTextState>(gxJsonState, (state) => JSON.stringify(state.gx));

/**
 * `extras` holding the GX state and, as `gxJson`, its JSON text, written out the first time it is read (most
 * scenes never read it, and a course's materials are tens of kilobytes of text). `gxJson` is an enumerable
 * accessor, so spreading, `structuredClone` and `JSON.stringify` see plain text; assigning replaces it. What it
 * keeps is in a non-enumerable symbol-keyed property, which keys, JSON and spreads do not see.
 */
function gxExtras(gx: GxMaterial): Extras {
  const extras: Extras = { gx };
  Object.defineProperty(extras, gxJsonState, { value: { gx, value: undefined, made: false } });
  return Object.defineProperty(extras, 'gxJson', gxJsonDescriptor);
}

/** Converts one GX material. */
export function buildMaterial(gx: GxMaterial, ctx: MaterialContext): BuiltMaterial {
  const diag = (code: string, message: string, severity: Diagnostic['severity'] = 'warning') =>
    ctx.diagnostics.push({ code, message: `material "${gx.name}": ${message}`, severity });
  const { scene } = ctx;
  const sceneTexture = (texMap: number) => sceneTextureOf(gx, texMap, ctx);
  const tev = reduceMaterialTev(gx, ctx);
  ctx.diagnostics.push(...tev.diagnostics);
  const alpha = reduceAlphaMode(gx, tev.alpha);
  ctx.diagnostics.push(...alpha.diagnostics);
  const shape: ShapeMaterialState = {
    vertexColor: tev.vertexColor,
    vertexAlpha: tev.vertexAlpha,
    flipWinding: gx.cullMode === 1,
    hidden: gx.cullMode === 3,
  };
  if (shape.hidden)
    diag('j3d/cull-all', 'GX cull mode ALL draws nothing: its shapes are left out (state kept in extras.gx)', 'info');
  let baseColorTexture: TextureRef | undefined;
  // The TEX1 texture the glTF base colour texture shows as it is (not baked), for the way back.
  let shows: number | undefined;
  if (tev.texture) {
    const { texMap, texCoord } = tev.texture;
    let texture = sceneTexture(texMap);
    shows = gx.textures[texMap] ?? undefined;
    if (texture !== undefined && scene && tev.bake) {
      const name = `${gx.name}/${scene.textures[texture]?.name ?? texture}`;
      const baked = bakeTexture(scene, texture, tev.bake, name);
      if (baked === 'limit')
        diag(
          'j3d/bake-limit',
          `not baked: the model's baked textures would hold more than ${MAX_BAKED_TEXELS} texels; texture map ${texMap} is shown as it is`,
        );
      else if (baked !== undefined) {
        shows = undefined;
        texture = baked;
      }
    }
    if (texture === undefined)
      diag('j3d/missing-texture', `TEV samples texture map ${texMap}, which has no texture`, 'warning');
    else baseColorTexture = textureRef(gx, texture, texCoord, shape, diag);
  }
  const material = createMaterial({
    name: gx.name,
    baseColorFactor: tev.baseColorFactor,
    vertexColors: tev.vertexColor || tev.vertexAlpha,
    doubleSided: gx.cullMode === 0,
    unlit: !tev.lit,
    alphaMode: alpha.alphaMode,
    extras: gxExtras(gx),
  });
  if (alpha.alphaCutoff !== undefined) material.alphaCutoff = alpha.alphaCutoff;
  if (baseColorTexture) material.baseColorTexture = baseColorTexture;
  if (baseColorTexture && shows !== undefined) material.extras![GX_BASE_COLOR_TEXTURE] = shows;
  if (tev.emissive) {
    material.emissiveFactor = tev.emissive;
    if (!tev.lit)
      diag(
        'j3d/unlit-emissive',
        'the TEV adds a constant colour, exported as emissive on an unlit material (some renderers ignore it)',
      );
  }
  if (baseColorTexture && !tev.textureAlpha && alpha.alphaMode !== 'OPAQUE')
    diag(
      'j3d/texture-alpha',
      "the alpha does not read the texture, but glTF multiplies it by the texture's alpha",
      'warning',
    );
  return { material, vertexColors: material.vertexColors, shape };
}

function textureRef(
  gx: GxMaterial,
  texture: number,
  texCoord: number,
  shape: ShapeMaterialState,
  diag: (code: string, message: string, severity?: Diagnostic['severity']) => void,
): TextureRef {
  const ref: TextureRef = { texture, texCoord: 0 };
  const gen = texCoord === 0xff ? undefined : gx.texGens[texCoord];
  if (!gen) {
    diag('j3d/generated-texcoord', `the texture has no texture coordinate generator; TEXCOORD_0 is used`);
    return ref;
  }
  const matrixIndex =
    gen.matrix >= 30 && gen.matrix <= 57 && (gen.matrix - 30) % 3 === 0 ? (gen.matrix - 30) / 3 : undefined;
  const matrix = matrixIndex === undefined ? undefined : (gx.texMatrices[matrixIndex] ?? undefined);
  if (gen.source >= 4 && gen.source <= 11) {
    ref.texCoord = gen.source - 4;
    if (matrix) {
      const transform = texMatrixToTransform(matrix);
      if (transform) ref.transform = transform;
      else
        diag(
          'j3d/texture-matrix',
          `texture matrix ${matrixIndex} is not expressible as KHR_texture_transform; kept in extras.gx`,
        );
    }
    return ref;
  }
  if (gen.source === 1) {
    // One set after the TEXn sets the material's texgens read.
    let set = 0;
    gx.texGens.slice(0, gx.texGenCount ?? 0).forEach((g) => {
      if (g && g.source >= 4 && g.source <= 11) set = Math.max(set, g.source - 4 + 1);
    });
    const srt = matrix ? texMatrixRows(matrix) : [1, 0, 0, 0, 1, 0];
    shape.normalTexCoord = { set, rows: composeRows(srt, ENV_BASE) };
    ref.texCoord = set;
    diag(
      'j3d/normal-texcoord',
      `texture coordinates generated from normals (environment map) are baked from the bind-pose normals into TEXCOORD_${set}`,
      'info',
    );
    return ref;
  }
  diag(
    'j3d/generated-texcoord',
    `texture coordinates are generated from source ${gen.source} (not a TEXn set or normals); TEXCOORD_0 is used`,
  );
  return ref;
}
