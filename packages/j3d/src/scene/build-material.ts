/*
 * A GX material reduced to a glTF material (spec j3d.md §9.4); the complete GX state goes to `extras.gx`.
 *   base colour texture: the first TEV stage (within the stage count) that reads a texture (TEXC/TEXA), stages
 *     whose texgen reads a TEXn set first (so a toon ramp indexed by lighting is not taken for the albedo) —
 *     texMap → material texture slot → TEX1 texture; texCoord → texgen; a texgen reading TEXn gives
 *     TEXCOORD_n, an SRT texture matrix gives KHR_texture_transform (when representable).
 *   factor and vertex colours: only when a stage reads the rasterised colour (RASC/RASA): channel COLOR0/ALPHA0
 *     from register → material colour 0 as the factor (sRGB → linear), from vertex → COLOR_0.
 *   alpha: blend mode BLEND/SUBTRACT → BLEND; otherwise an alpha compare that passes for alpha ≥ cutoff →
 *     MASK (GREATER r → (r + 1) / 255, GEQUAL r → r / 255, combined with ALWAYS/NEVER by AND/OR).
 *   cull NONE → double-sided; lighting off on COLOR0 → unlit.
 */
import { createMaterial, type Diagnostic, type Material, type TextureRef } from '@retromodel/scene';
import type { GxAlphaCompare, GxMaterial } from '../gx/material-types.js';
import { texMatrixToTransform } from './tex-matrix.js';

/** What a material needs from the scene being built. */
export interface MaterialContext {
  /** Scene texture index of a TEX1 texture index, or undefined when there is none. */
  texture: (tex1Index: number) => number | undefined;
  diagnostics: Diagnostic[];
}

/** The reduced material and whether its shapes should carry COLOR_0. */
export interface BuiltMaterial {
  material: Material;
  vertexColors: boolean;
}

const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

type Pass = { kind: 'always' } | { kind: 'never' } | { kind: 'cutoff'; value: number } | { kind: 'other' };

function comparePass(comp: number, ref: number): Pass {
  if (comp === 7) return { kind: 'always' };
  if (comp === 0) return { kind: 'never' };
  if (comp === 4) return ref >= 255 ? { kind: 'never' } : { kind: 'cutoff', value: (ref + 1) / 255 };
  if (comp === 6) return ref === 0 ? { kind: 'always' } : { kind: 'cutoff', value: ref / 255 };
  if (comp === 3 && ref >= 255) return { kind: 'always' };
  return { kind: 'other' };
}

/** Reduces an alpha compare to always / never / a cutoff, or 'other' when glTF cannot express it. */
export function alphaComparePass(a: GxAlphaCompare): Pass {
  const x = comparePass(a.comp0, a.ref0);
  const y = comparePass(a.comp1, a.ref1);
  if (a.op === 0) {
    if (x.kind === 'always') return y;
    if (y.kind === 'always') return x;
    if (x.kind === 'never' || y.kind === 'never') return { kind: 'never' };
  } else if (a.op === 1) {
    if (x.kind === 'never') return y;
    if (y.kind === 'never') return x;
    if (x.kind === 'always' || y.kind === 'always') return { kind: 'always' };
  }
  return { kind: 'other' };
}

/** Converts one GX material. */
export function buildMaterial(gx: GxMaterial, ctx: MaterialContext): BuiltMaterial {
  const diag = (code: string, message: string) =>
    ctx.diagnostics.push({ code, message: `material "${gx.name}": ${message}`, severity: 'info' });
  const stageCount = Math.min(gx.tevStageCount ?? 0, 16);
  let rasUsed = false;
  // Candidate stages: those reading a texture. Stages whose coordinates come from a TEXn set win over
  // generated ones (toon ramps indexed by lighting, environment maps).
  const candidates: { stage: number; fromUv: boolean }[] = [];
  for (let i = 0; i < stageCount; i++) {
    const stage = gx.tevStages[i];
    const order = gx.tevOrders[i];
    if (!stage) continue;
    if (stage.colorIn.some((c) => c === 10 || c === 11) || stage.alphaIn.some((c) => c === 5)) rasUsed = true;
    const readsTexture = stage.colorIn.some((c) => c === 8 || c === 9) || stage.alphaIn.some((c) => c === 4);
    if (!readsTexture || !order || order.texMap === 0xff) continue;
    const gen = order.texCoord === 0xff ? undefined : gx.texGens[order.texCoord];
    candidates.push({ stage: i, fromUv: gen !== undefined && gen !== null && gen.source >= 4 && gen.source <= 11 });
  }
  candidates.sort((a, b) => Number(b.fromUv) - Number(a.fromUv) || a.stage - b.stage);
  let baseColorTexture: TextureRef | undefined;
  for (const { stage: i } of candidates) {
    const order = gx.tevOrders[i]!;
    const tex1 = gx.textures[order.texMap];
    const texture = tex1 === null || tex1 === undefined ? undefined : ctx.texture(tex1);
    if (texture === undefined) {
      diag('j3d/missing-texture', `TEV stage ${i} samples texture map ${order.texMap}, which has no texture`);
      continue;
    }
    const gen = order.texCoord === 0xff ? undefined : gx.texGens[order.texCoord];
    const ref: TextureRef = { texture, texCoord: 0 };
    if (gen) {
      if (gen.source >= 4 && gen.source <= 11) ref.texCoord = gen.source - 4;
      else
        diag(
          'j3d/generated-texcoord',
          `texture coordinates are generated from source ${gen.source} (not a TEXn set); TEXCOORD_0 is used`,
        );
      if (gen.matrix >= 30 && gen.matrix <= 57 && (gen.matrix - 30) % 3 === 0) {
        const m = gx.texMatrices[(gen.matrix - 30) / 3];
        const transform = m ? texMatrixToTransform(m) : undefined;
        if (transform) ref.transform = transform;
        else
          diag(
            'j3d/texture-matrix',
            `texture matrix ${(gen.matrix - 30) / 3} is not expressible as KHR_texture_transform; kept in extras.gx`,
          );
      }
    }
    baseColorTexture = ref;
    break;
  }
  const controls = gx.channelControls;
  const matColor = gx.materialColors[0] ?? [255, 255, 255, 255];
  let vertexColors = false;
  const factor: [number, number, number, number] = [1, 1, 1, 1];
  if (rasUsed) {
    if (controls[0]?.materialSource === 1 || controls[1]?.materialSource === 1) vertexColors = true;
    if (controls[0]?.materialSource !== 1) for (let k = 0; k < 3; k++) factor[k] = srgbToLinear(matColor[k]! / 255);
    if (controls[1]?.materialSource !== 1) factor[3] = matColor[3] / 255;
  }
  const material = createMaterial({
    name: gx.name,
    baseColorFactor: factor,
    vertexColors,
    doubleSided: gx.cullMode === 0,
    unlit: !(controls[0]?.lightingEnabled ?? false),
    extras: { gx },
  });
  if (baseColorTexture) material.baseColorTexture = baseColorTexture;
  const blend = gx.blend;
  if (
    blend &&
    (blend.mode === 1 || blend.mode === 3) &&
    !(blend.mode === 1 && blend.srcFactor === 1 && blend.dstFactor === 0)
  ) {
    material.alphaMode = 'BLEND';
    if (blend.mode !== 1 || blend.srcFactor !== 4 || blend.dstFactor !== 5)
      diag(
        'j3d/blend-mode',
        `blend mode ${blend.mode} (src ${blend.srcFactor}, dst ${blend.dstFactor}) is exported as ordinary alpha blending`,
      );
  } else if (gx.alphaCompare) {
    const pass = alphaComparePass(gx.alphaCompare);
    if (pass.kind === 'cutoff') {
      material.alphaMode = 'MASK';
      material.alphaCutoff = pass.value;
    } else if (pass.kind !== 'always')
      diag(
        'j3d/alpha-compare',
        `alpha compare ${JSON.stringify(gx.alphaCompare)} is not a single cutoff; exported opaque`,
      );
  }
  return { material, vertexColors };
}
