/*
 * The J3D format adapters: what transcode needs to know without loading a parser. Models: magic "J3D2bmd3" /
 * "J3D2bdl4", extensions .bmd and .bdl (a .bmd that is a Nintendo DS model, "BMD0", is refused by the reader
 * with a clear error). Animations: "J3D1bck1" .bck joints, "J3D1btk1" .btk texture matrices, "J3D1brk1" .brk
 * TEV colours, "J3D1bpk1" .bpk material colours (described by `info`; played attached to a model). Textures:
 * .bti, found by extension only (BTI has no magic number).
 */
import { type FormatAdapter, startsWithAscii } from '@retromodel/scene';
import type { BtiWriteOptions } from '../bti/bti-from-scene.js';
import type { AnimationToBckOptions } from '../scene/animation-to-bck.js';
import type { J3dWriteOptions } from './write-j3d-files.js';

export type { AnimationToBckOptions, BtiWriteOptions, J3dWriteOptions };

/** Reader options of BMD/BDL models (`read: { j3d: { ... } }`). */
export interface J3dReadOptions {
  /** Sidecar names of animations to attach: BCK and BCA joints; BTK, BRK, BPK and BTP materials; BVA shapes. */
  animations?: string[];
  /** Frames per second of the animations (J3D games run at 30 or 60). Default 30. */
  fps?: number;
}

/** BMD/BDL models: read, and written from any scene (with one .bck per animation). */
export const j3dAdapter = {
  id: 'j3d',
  name: 'Nintendo GameCube/Wii J3D model (BMD/BDL)',
  extensions: ['.bmd', '.bdl'],
  mimeTypes: ['application/x-nintendo-j3d'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'J3D2bmd3') || startsWithAscii(bytes, 'J3D2bdl4'),
  can: { read: true, write: true, info: true },
  readOptions: {
    animations: 'names of .bck/.bca/.btk/.brk/.bpk/.btp/.bva animation files beside the model to attach',
    fps: 'frames per second of the animations (default 30)',
  },
  writeOptions: {
    kind: "'bmd' (default) or 'bdl'; set from the output format",
    textureFormat: 'GX texture format of every texture (cmpr, rgb5a3, …; default: chosen per image)',
    matrixCalc: "joint matrix calculation: Basic (default, or the source model's), SoftImage or Maya",
  },
  load: () => import('./j3d-codec.js').then((m) => m.j3dCodec),
} satisfies FormatAdapter<J3dReadOptions, J3dWriteOptions>;

/** BCK joint animations (described by `info`, written from a scene's animations; read only with their model). */
export const bckAdapter = {
  id: 'bck',
  name: 'Nintendo J3D joint animation (BCK)',
  extensions: ['.bck'],
  mimeTypes: ['application/x-nintendo-j3d'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'J3D1bck1'),
  can: { read: false, write: true, info: true },
  readOptions: {},
  writeOptions: {
    fps: "frames per second of the written animation (default: the source BCK's, else 30)",
    loopMode:
      "loop mode 0 once, 1 once and reset, 2 repeat, 3 mirrored once, 4 mirrored repeat (default: the source's, else 2)",
  },
  load: () => import('./animation-codecs.js').then((m) => m.bckCodec),
} satisfies FormatAdapter<Record<string, never>, AnimationToBckOptions>;

/** BTK texture-matrix animations (described by `info`; converted only with their model, as material animations). */
export const btkAdapter = {
  id: 'btk',
  name: 'Nintendo J3D texture animation (BTK)',
  extensions: ['.btk'],
  mimeTypes: ['application/x-nintendo-j3d'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'J3D1btk1'),
  can: { read: false, write: false, info: true },
  readOptions: {},
  writeOptions: {},
  load: () => import('./animation-codecs.js').then((m) => m.btkCodec),
} satisfies FormatAdapter;

/** BRK colour animations (described by `info`; converted only with their model). */
export const brkAdapter = {
  id: 'brk',
  name: 'Nintendo J3D colour animation (BRK)',
  extensions: ['.brk'],
  mimeTypes: ['application/x-nintendo-j3d'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'J3D1brk1'),
  can: { read: false, write: false, info: true },
  readOptions: {},
  writeOptions: {},
  load: () => import('./animation-codecs.js').then((m) => m.brkCodec),
} satisfies FormatAdapter;

/** BTI textures (extension only: BTI has no magic number); written from a scene's images. */
export const btiAdapter = {
  id: 'bti',
  name: 'Nintendo GameCube/Wii BTI texture',
  extensions: ['.bti'],
  mimeTypes: ['image/x-nintendo-bti'],
  can: { read: true, write: true, info: true },
  readOptions: {},
  writeOptions: {
    format:
      'GX texture format: i4, i8, ia4, ia8, rgb565, rgb5a3, rgba8, c4, c8, c14x2 or cmpr (default: chosen per image)',
  },
  load: () => import('../bti/bti-codec.js').then((m) => m.btiCodec),
} satisfies FormatAdapter<Record<string, never>, BtiWriteOptions>;

/** An info-only adapter for a J3D animation kind that is read only with its model. */
function animationAdapter(kind: string, name: string, load: FormatAdapter['load']) {
  return {
    id: kind,
    name,
    extensions: [`.${kind}`],
    mimeTypes: ['application/x-nintendo-j3d'],
    magic: (bytes: Uint8Array) => startsWithAscii(bytes, `J3D1${kind}1`),
    can: { read: false, write: false, info: true },
    readOptions: {},
    writeOptions: {},
    load,
  } satisfies FormatAdapter;
}

/** BCA full-frame joint animations (described by `info`). */
export const bcaAdapter = animationAdapter('bca', 'Nintendo J3D full-frame joint animation (BCA)', () =>
  import('./animation-codecs.js').then((m) => m.bcaCodec),
);
/** BPK material colour animations (described by `info`). */
export const bpkAdapter = animationAdapter('bpk', 'Nintendo J3D material colour animation (BPK)', () =>
  import('./animation-codecs.js').then((m) => m.bpkCodec),
);
/** BTP texture pattern animations (described by `info`). */
export const btpAdapter = animationAdapter('btp', 'Nintendo J3D texture pattern animation (BTP)', () =>
  import('./animation-codecs.js').then((m) => m.btpCodec),
);
/** BVA shape visibility animations (described by `info`). */
export const bvaAdapter = animationAdapter('bva', 'Nintendo J3D visibility animation (BVA)', () =>
  import('./animation-codecs.js').then((m) => m.bvaCodec),
);
