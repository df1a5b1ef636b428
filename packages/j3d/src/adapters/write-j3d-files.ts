/*
 * The BMD/BDL writer behind `--to bmd|bdl`: the scene through sceneToJ3d and writeJ3d, and beside the model the
 * J3D animation files of its clips (animations-from-scene.ts: `<clip>.bck` or `.bca` for joints, `.btk`, `.brk`,
 * `.bpk`, `.btp`, `.bva` for materials, patterns and visibility), made against the model as written. Encoded
 * images are decoded with the injected PNG decoder.
 */
import type { Diagnostic, OutputFile, Scene, WriteContext, WriteResult } from '@retromodel/scene';
import { gxFormatOfName } from '../bti/bti-from-scene.js';
import type { J3dMatrixCalc } from '../chunks/read-inf1.js';
import { writtenModel } from '../from-scene/animation-model.js';
import { animationFilesFromScene } from '../from-scene/animations-from-scene.js';
import { type SceneToJ3dResult, sceneToJ3d } from '../from-scene/scene-to-j3d.js';
import { writeJ3d } from '../write-j3d.js';

/** Writer options of BMD/BDL (`write: { j3d: { ... } }`). */
export interface J3dWriteOptions {
  /** `bmd` (default) or `bdl`; transcode sets it from its `to`. */
  kind?: 'bmd' | 'bdl';
  /** GX texture format of every texture by name (`cmpr`, `rgb5a3`, …); default: chosen per image. */
  textureFormat?: string;
  /** Joint matrix calculation: Basic (default, or the source model's), SoftImage or Maya. */
  matrixCalc?: J3dMatrixCalc;
  /** Joint animations as `bck` (keyed) or `bca` (full-frame); default: BCA for clips read from a BCA, else BCK. */
  animationFormat?: 'bck' | 'bca';
}

/** The model of `scene` (sceneToJ3d and writeJ3d) and its bytes. */
export function writeJ3dModel(
  scene: Scene,
  context: WriteContext,
  options: J3dWriteOptions,
): { result: SceneToJ3dResult; bytes: Uint8Array } {
  const result = sceneToJ3d(scene, {
    kind: options.kind ?? 'bmd',
    ...(options.textureFormat !== undefined ? { textureFormat: gxFormatOfName(options.textureFormat) } : {}),
    ...(options.matrixCalc ? { matrixCalc: options.matrixCalc } : {}),
    ...(context.decodePng ? { decodeImage: context.decodePng } : {}),
  });
  return { result, bytes: writeJ3d(result.file) };
}

/** The model file and the animation files of its clips. */
export function writeJ3dFiles(scene: Scene, context: WriteContext, options: J3dWriteOptions): WriteResult {
  const kind = options.kind ?? 'bmd';
  const { result, bytes } = writeJ3dModel(scene, context, options);
  const files: OutputFile[] = [{ name: `${context.baseName}.${kind}`, bytes, mimeType: 'application/x-nintendo-j3d' }];
  const all: Diagnostic[] = [...result.diagnostics];
  const animations = animationFilesFromScene(writtenModel(result, bytes), context.baseName, {
    ...(options.animationFormat ? { jointFormat: options.animationFormat } : {}),
  });
  files.push(...animations.files);
  all.push(...animations.diagnostics);
  return { files, diagnostics: all };
}
