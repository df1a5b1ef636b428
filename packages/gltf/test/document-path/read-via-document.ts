/*
 * The reader as it was before build-scene.ts: the checked JSON and resources (readGltfInput) read into a
 * glTF-Transform Document, floats checked, and the scene built from the Document (document-to-scene.ts and
 * the files beside it, kept unchanged). Tests compare the direct reader against it.
 */
import { type Document, GLB_BUFFER } from '@gltf-transform/core';
import type { Diagnostic, Scene } from '@retromodel/scene';
import { type JsonLocation, jsonError } from '../../src/check-json.js';
import { createIo } from '../../src/gltf-io.js';
import { finishScene, type GltfReadOptions, readGltfInput } from '../../src/read-gltf.js';
import { buildScene } from './document-to-scene.js';

/** Float accessors must hold finite numbers (glTF 2.0 §3.6.2.2; the validator's ACCESSOR_INVALID_FLOAT). */
function checkFiniteFloats(doc: Document, where: JsonLocation): void {
  doc
    .getRoot()
    .listAccessors()
    .forEach((accessor, i) => {
      const array = accessor.getArray();
      if (!(array instanceof Float32Array)) return;
      const k = array.findIndex((v) => !Number.isFinite(v));
      if (k >= 0) throw jsonError(where, `accessors[${i}] element ${k} is ${array[k]}, not a finite number`);
    });
}

/** gltfToScene through a glTF-Transform Document. */
export async function gltfToSceneViaDocument(
  bytes: Uint8Array,
  options: GltfReadOptions = {},
): Promise<{ scene: Scene; diagnostics: Diagnostic[] }> {
  const input = await readGltfInput(bytes, options);
  const resources = { ...input.resources, ...(input.bin ? { [GLB_BUFFER]: input.bin } : {}) };
  return finishScene(input, async () => {
    const doc = await createIo(input.diagnostics).readJSON({ json: input.json, resources });
    checkFiniteFloats(doc, input.where);
    return buildScene(doc, {
      json: input.json,
      where: input.where,
      diagnostics: input.diagnostics,
      ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
    });
  });
}
