/*
 * The JavaScript module a model import becomes, per form:
 *   glb    export default <URL of the emitted .glb>
 *   inline export default "data:model/gltf-binary;base64,..."
 *   gltf   export default { asset: ..., buffers: [{ uri: "data:..." }], ... }
 *   scene  export default { format, counts, nodes, animations, ... }
 *   t3dm   export default { model: <URL>, streams: [<URL>...], textures: [<URL>...] }
 * For t3dm, the writer's first file is the model; images are textures and every other file a stream.
 */
import type { OutputFile } from '@retromodel/scene';
import { dataUrl } from './asset-names.js';
import type { ConvertedModel } from './convert-model.js';

/** Emits files and returns the JS expressions of their URLs (see emit-files.ts). */
export type FileEmitter = (files: OutputFile[], grouped: boolean) => string[];

function isTexture(file: OutputFile): boolean {
  return (file.mimeType ?? '').startsWith('image/') || /\.(?:png|sprite)$/i.test(file.name);
}

/** Builds the module source for a converted import. */
export function moduleCode(model: ConvertedModel, emit: FileEmitter): string {
  switch (model.form) {
    case 'scene':
      return `export default ${JSON.stringify(model.summary)};\n`;
    case 'gltf':
      return `export default ${JSON.stringify(model.json)};\n`;
    case 'inline':
      return `export default ${JSON.stringify(dataUrl(model.files[0]!))};\n`;
    case 'glb':
      return `export default ${emit([model.files[0]!], false)[0]};\n`;
    case 't3dm': {
      const urls = emit(model.files, true);
      const rest = model.files.slice(1).map((f, i) => ({ texture: isTexture(f), url: urls[i + 1]! }));
      const list = (texture: boolean) =>
        `[${rest
          .filter((r) => r.texture === texture)
          .map((r) => r.url)
          .join(', ')}]`;
      return `export default { model: ${urls[0]}, streams: ${list(false)}, textures: ${list(true)} };\n`;
    }
  }
}
