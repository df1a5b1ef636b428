/*
 * The model a scene's animations are written for. Joint animations need only the joints sceneToJ3d makes
 * (sceneJointTree); material, pattern and visibility animations need the model itself, as a reader sees it: the
 * written file is read back, so that its materials are the GX states the game gets and the TEV reduction that
 * colour animations are inverted through is the one j3dToScene runs (with the written TEX1 textures' mean colours).
 */
import type { Scene } from '@retromodel/scene';
import { createScene } from '@retromodel/scene';
import type { GxMaterial } from '../gx/material-types.js';
import type { TevReduction } from '../gx/tev/reduce-tev.js';
import type { J3dFile } from '../j3d-file.js';
import { readJ3d } from '../read-j3d.js';
import { reduceMaterialTev } from '../scene/build-material.js';
import { addTextures } from '../scene/build-textures.js';
import { sceneJointTree } from './joints-from-scene.js';
import type { PatternTextures } from './pattern-textures.js';
import type { SceneToJ3dResult } from './scene-to-j3d.js';

/** A written model as material, pattern and visibility animations see it. */
export interface WrittenModel {
  /** The model file as read back. */
  file: J3dFile;
  /** Scene node of every SHP1 shape. */
  shapeNodes: number[];
  /** Scene material of every MAT3 material. */
  materialSources: (number | undefined)[];
  /** TEX1 index of a scene texture. */
  textureOf: (sceneTexture: number) => number | undefined;
  patterns: PatternTextures[];
  /** The reader's TEV reduction over the written textures. */
  reduce: (gx: GxMaterial) => TevReduction;
}

/** What a scene's animations are written against. */
export interface AnimationModel {
  /** The scene the model was made from (sceneToJ3d's, with pattern atlases cut apart). */
  scene: Scene;
  /** Scene node of every JNT1 joint (−1 for an added root). */
  jointNodes: number[];
  /** Absent when only joint animations are written (`--to bck`). */
  written?: WrittenModel;
}

/** The joints alone: enough for BCK and BCA. */
export function jointModel(scene: Scene): AnimationModel {
  return { scene, jointNodes: sceneJointTree(scene).nodes };
}

/** The model sceneToJ3d made (`result`) and wrote (`bytes`). */
export function writtenModel(result: SceneToJ3dResult, bytes: Uint8Array): AnimationModel {
  const file = readJ3d(bytes);
  const textures = createScene();
  const { textureOf: sceneTextureOf, undecodedSums } = addTextures(textures, file.TEX1);
  const context = { texture: (i: number) => sceneTextureOf[i], diagnostics: [], scene: textures, undecodedSums };
  return {
    scene: result.scene,
    jointNodes: result.jointNodes,
    written: {
      file,
      shapeNodes: result.shapeNodes,
      materialSources: result.materialSources,
      textureOf: result.textureOf,
      patterns: result.patterns,
      reduce: (gx) => reduceMaterialTev(gx, { ...context, diagnostics: [] }),
    },
  };
}
