/*
 * A scene as a glTF-Transform Document and back, so a converted model can go through glTF-Transform's own
 * functions (dedup, prune, draco, meshopt, ...) before it is written with any of its IOs (register
 * `ALL_EXTENSIONS` from @gltf-transform/extensions, and this package's `KHRAnimationPointer` for material
 * animations: the document uses KHR_materials_unlit, KHR_texture_transform, KHR_animation_pointer and MSFT_lod
 * where the scene needs them).
 */
import { type Document, Format } from '@gltf-transform/core';
import type { Diagnostic, Scene } from '@retromodel/scene';
import { writeGlb } from './glb-container.js';
import { createIo } from './gltf-io.js';
import { writeSceneJson } from './json-write/write-json.js';
import { gltfToScene } from './read-gltf.js';
import { checkScene } from './write-gltf.js';

/**
 * The glTF-Transform Document of a scene, read from the glTF JSON sceneToGlb would write (so it holds the
 * same nodes, textures and extensions); throws for a scene that validateScene finds errors in.
 */
export async function sceneToDocument(scene: Scene): Promise<{ document: Document; diagnostics: Diagnostic[] }> {
  const diagnostics = checkScene(scene);
  const jsonDoc = await writeSceneJson(scene, diagnostics, { format: 'glb' });
  return { document: await createIo(diagnostics).readJSON(jsonDoc), diagnostics };
}

/**
 * Reads a glTF-Transform Document into a scene, through the same checks as reading a .glb (the document is
 * written to GLB bytes in memory first).
 */
export async function documentToScene(document: Document): Promise<{ scene: Scene; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const { json, resources } = await createIo(diagnostics).writeJSON(document, { format: Format.GLB });
  const result = await gltfToScene(writeGlb(JSON.stringify(json), Object.values(resources)[0]));
  return { scene: result.scene, diagnostics: [...diagnostics, ...result.diagnostics] };
}
