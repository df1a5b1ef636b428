/*
 * What the steps of building a glTF-Transform Document from a scene share: the document, its one buffer,
 * the scene, and the way warnings are reported.
 */
import type { Accessor, Buffer, Document } from '@gltf-transform/core';
import type { Attribute, Diagnostic, Scene } from '@retromodel/scene';
import { accessorTypes } from '../../../src/gltf-enums.js';

export interface DocumentContext {
  doc: Document;
  scene: Scene;
  diagnostics: Diagnostic[];
  /** Adds a `gltf/<code>` warning. */
  warn: (code: string, message: string) => void;
  /** An accessor on the document's buffer. */
  accessor: (array: Attribute['array'], itemSize: number, normalized?: boolean) => Accessor;
}

export function createDocumentContext(
  doc: Document,
  buffer: Buffer,
  scene: Scene,
  diagnostics: Diagnostic[],
): DocumentContext {
  return {
    doc,
    scene,
    diagnostics,
    warn: (code, message) => diagnostics.push({ code: `gltf/${code}`, message, severity: 'warning' }),
    accessor: (array, itemSize, normalized = false) => {
      const type = accessorTypes[itemSize];
      if (!type) throw new Error(`an accessor cannot have ${itemSize} components`);
      return doc.createAccessor().setType(type).setArray(array).setNormalized(normalized).setBuffer(buffer);
    },
  };
}
