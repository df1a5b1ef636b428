/*
 * The BMD/BDL writer behind `--to bmd|bdl`: the scene through sceneToJ3d and writeJ3d, and beside the model one
 * `.bck` per joint animation over the written joints (`<base>.bck` for the first, which readers attach to
 * `<base>.bmd` on their own; `<base>.<name>.bck` for the others). Encoded images are decoded with the injected
 * PNG decoder.
 */
import type { Diagnostic, OutputFile, Scene, WriteContext, WriteResult } from '@retromodel/scene';
import { writeBck } from '../anim/write-bck.js';
import { gxFormatOfName } from '../bti/bti-from-scene.js';
import type { J3dMatrixCalc } from '../chunks/read-inf1.js';
import { sceneToJ3d } from '../from-scene/scene-to-j3d.js';
import { animationToBck, jointAnimationsOf } from '../scene/animation-to-bck.js';
import { writeJ3d } from '../write-j3d.js';
import { bckNames } from './animation-codecs.js';

/** Writer options of BMD/BDL (`write: { j3d: { ... } }`). */
export interface J3dWriteOptions {
  /** `bmd` (default) or `bdl`; transcode sets it from its `to`. */
  kind?: 'bmd' | 'bdl';
  /** GX texture format of every texture by name (`cmpr`, `rgb5a3`, …); default: chosen per image. */
  textureFormat?: string;
  /** Joint matrix calculation: Basic (default, or the source model's), SoftImage or Maya. */
  matrixCalc?: J3dMatrixCalc;
}

/** The model file and one BCK per animation. */
export function writeJ3dFiles(scene: Scene, context: WriteContext, options: J3dWriteOptions): WriteResult {
  const kind = options.kind ?? 'bmd';
  const { file, diagnostics, jointNodes } = sceneToJ3d(scene, {
    kind,
    ...(options.textureFormat !== undefined ? { textureFormat: gxFormatOfName(options.textureFormat) } : {}),
    ...(options.matrixCalc ? { matrixCalc: options.matrixCalc } : {}),
    ...(context.decodePng ? { decodeImage: context.decodePng } : {}),
  });
  const files: OutputFile[] = [
    { name: `${context.baseName}.${kind}`, bytes: writeJ3d(file), mimeType: 'application/x-nintendo-j3d' },
  ];
  const all: Diagnostic[] = [...diagnostics];
  const animations = jointAnimationsOf(scene, all);
  const names = bckNames({ ...scene, animations }, context.baseName);
  animations.forEach((animation, i) => {
    const { bck, diagnostics: found } = animationToBck(animation, scene.nodes, jointNodes);
    all.push(...found);
    files.push({ name: names[i]!, bytes: writeBck(bck), mimeType: 'application/x-nintendo-j3d' });
  });
  return { files, diagnostics: all };
}
