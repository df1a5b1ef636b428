/*
 * A model made by the project's BMD builder for colour animations whose model is not at hand (the MKDD balloon
 * BRK ships without its model; no BPK file is public): two quads with materials "lambert2" (textured) and "body"
 * (untextured, material colour (40, 80, 120, 255)). The builder's one TEV stage (GX_CC_* / GX_CA_* inputs, spec
 * j3d.md §9.3) gives body colour = RASC, alpha = RASA, channel 0 unlit from the material colour register; the file
 * model's lambert2 stage is then set by hand, by default to colour = TEXC · C0, alpha = TEXA · A0
 * (out = d + lerp(a, b, c): a ZERO, b TEXC, c C0, d ZERO), while the bytes keep the builder's texture-only stage.
 * So the glTF base colour factor is C0 (resp. the material colour) after sRGB → linear, alpha as is.
 */
import { type BuilderVertex, buildBmd, tileRgba8 } from '@retromodel/test-utils';
import type { GxTevStage } from '../../src/gx/material-types.js';
import type { J3dFile } from '../../src/j3d-file.js';
import { readJ3d } from '../../src/read-j3d.js';

const quad = (x: number): BuilderVertex[] => [
  { position: [x, 0, 0], uv: [[0, 0]] },
  { position: [x + 1, 0, 0], uv: [[1, 0]] },
  { position: [x + 1, 1, 0], uv: [[1, 1]] },
  { position: [x, 1, 0], uv: [[0, 1]] },
];

/** The stage `out = lerp(ZERO, TEXC, colour) / lerp(ZERO, TEXA, alpha)` with the given colour / alpha inputs. */
function textureTimes(colour: number, alpha: number): GxTevStage {
  return {
    mode: 0xff,
    colorIn: [15, 8, colour, 15],
    colorOp: 0,
    colorBias: 0,
    colorScale: 0,
    colorClamp: true,
    colorRegister: 0,
    alphaIn: [7, 4, alpha, 7],
    alphaOp: 0,
    alphaBias: 0,
    alphaScale: 0,
    alphaClamp: true,
    alphaRegister: 0,
  };
}

/** The two-material model's bytes, and its file model with lambert2's stage `lambert2Stage` (default TEXC · C0). */
export function syntheticModel(lambert2Stage: GxTevStage = textureTimes(2, 1)): { bytes: Uint8Array; file: J3dFile } {
  const bytes = buildBmd({
    joints: [{ name: 'root', parent: -1 }],
    drawMatrices: [{ joint: 0 }],
    textures: [{ name: 'grey', format: 6, width: 4, height: 4, data: tileRgba8(4, 4, () => [200, 200, 200, 255]) }],
    materials: [
      { name: 'lambert2', texture: 0, materialColor: [255, 255, 255, 255] },
      { name: 'body', materialColor: [40, 80, 120, 255] },
    ],
    shapes: [0, 1].map((m) => ({
      material: m,
      uvSets: 1,
      packets: [{ matrices: [0], primitives: [{ type: 'QUADS' as const, vertices: quad(m * 2) }] }],
    })),
  });
  const file = readJ3d(bytes);
  const lambert2 = file.MAT3.materials[0]!;
  lambert2.tevStages[0] = lambert2Stage;
  lambert2.tevColors[0] = [255, 255, 255, 255];
  return { bytes, file };
}

/** lambert2's stage reading the texture only (C0 reaches nothing). */
export const textureOnlyStage = (): GxTevStage => ({
  ...textureTimes(15, 7),
  colorIn: [15, 15, 15, 8],
  alphaIn: [7, 7, 7, 4],
});
