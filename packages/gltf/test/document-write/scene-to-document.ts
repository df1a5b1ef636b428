/*
 * Scene -> glTF-Transform Document of everything but the node hierarchy. One glTF mesh, material, skin and
 * animation per scene one, in the same order, so indices carry over. The steps live in document/: materials
 * and images, meshes, skins, animations. Nodes, the default scene, skin joints and channel targets go
 * straight into the written JSON (json-nodes.ts), for speed on models with tens of thousands of joints.
 */
import { Document } from '@gltf-transform/core';
import type { Diagnostic, Scene } from '@retromodel/scene';
import { GENERATOR } from '../../src/retromodel-marks.js';
import { createDocumentContext } from './document/document-context.js';
import { writeAnimations } from './document/write-animations.js';
import { writeImages, writeMaterials } from './document/write-materials.js';
import { writeMeshes } from './document/write-meshes.js';
import { writeSkins } from './document/write-skins.js';

export interface DocumentOptions {
  /** Called with each image index and its mime type; returns the URI for a .gltf with external files. */
  imageUri?: (index: number, mimeType: string) => string;
  /** URI of the .bin for a .gltf with external files. */
  bufferUri?: string;
}

/** The source's own asset fields go to `asset.extras`; the generator is retromodel. */
function writeAsset(doc: Document, scene: Scene): void {
  const asset = doc.getRoot().getAsset();
  asset.generator = GENERATOR;
  if (scene.asset.copyright !== undefined) asset.copyright = scene.asset.copyright;
  const extras: Record<string, string> = {};
  if (scene.asset.sourceFormat !== undefined) extras.sourceFormat = scene.asset.sourceFormat;
  if (scene.asset.sourceName !== undefined) extras.sourceName = scene.asset.sourceName;
  if (scene.asset.generator !== undefined) extras.sourceGenerator = scene.asset.generator;
  if (Object.keys(extras).length > 0) asset.extras = extras;
}

/** A document without nodes, and the target node of each written animation channel. */
export interface NodelessDocument {
  doc: Document;
  channelNodes: (number | undefined)[][];
}

/**
 * Builds the glTF-Transform Document for a scene, without nodes; problems that do not stop writing go into
 * `diagnostics`.
 */
export function buildDocument(
  scene: Scene,
  diagnostics: Diagnostic[],
  options: DocumentOptions = {},
): NodelessDocument {
  const doc = new Document();
  const buffer = doc.createBuffer('buffer');
  if (options.bufferUri) buffer.setURI(options.bufferUri);
  const ctx = createDocumentContext(doc, buffer, scene, diagnostics);
  writeAsset(doc, scene);
  writeMeshes(ctx, writeMaterials(ctx, writeImages(ctx, options.imageUri)));
  writeSkins(ctx);
  return { doc, channelNodes: writeAnimations(ctx) };
}
