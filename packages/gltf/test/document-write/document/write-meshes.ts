/*
 * Meshes and their primitives. Attributes glTF core does not accept are converted (attribute-types.ts), float
 * colours outside 0..1 clamped, and u16 index lists holding 0xFFFF (the primitive-restart value glTF forbids)
 * written as u32; each with a warning. (A joint listed twice for a vertex is merged by sanitize-scene.ts.)
 */
import type { Material as GltfMaterial } from '@gltf-transform/core';
import type { Attribute, Primitive } from '@retromodel/scene';
import { isCoreAttribute, toCoreAttribute } from '../../../src/attribute-types.js';
import { primitiveModes } from '../../../src/gltf-enums.js';
import type { DocumentContext } from './document-context.js';

/** True when every value is in 0..1 (false for NaN). A plain loop: `every` with a closure took about 10 times as long. */
function inUnitRange(values: Float32Array): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!(v >= 0 && v <= 1)) return false;
  }
  return true;
}

/** Float colours outside 0..1 are an error for the validator; they are clamped (with a warning). */
function clampColor(name: string, attr: Attribute, onClamp: () => void): Attribute {
  if (!name.startsWith('COLOR_') || !(attr.array instanceof Float32Array) || inUnitRange(attr.array)) return attr;
  onClamp();
  return { ...attr, array: attr.array.map((v) => Math.min(1, Math.max(0, Number.isNaN(v) ? 0 : v))) };
}

export function writeMeshes(ctx: DocumentContext, materials: GltfMaterial[]): void {
  const { doc, warn, accessor } = ctx;
  ctx.scene.meshes.forEach((mesh, m) => {
    const out = doc.createMesh(mesh.name ?? '');
    if (mesh.extras) out.setExtras(mesh.extras);
    mesh.primitives.forEach((p: Primitive, k) => {
      const prim = doc.createPrimitive().setMode(primitiveModes.indexOf(p.mode) as 0 | 1 | 2 | 3 | 4 | 5 | 6);
      for (const [name, attr] of Object.entries(p.attributes)) {
        if (!attr) continue;
        if (!isCoreAttribute(name, attr))
          warn(
            'attribute-converted',
            `mesh ${m} primitive ${k}: ${name} converted to a component type glTF core accepts`,
          );
        const core = clampColor(name, toCoreAttribute(name, attr), () =>
          warn('color-clamped', `mesh ${m} primitive ${k}: ${name} clamped to 0..1`),
        );
        prim.setAttribute(name, accessor(core.array, core.itemSize, core.normalized ?? false));
      }
      if (p.indices) {
        const indices =
          p.indices instanceof Uint16Array && p.indices.includes(0xffff) ? Uint32Array.from(p.indices) : p.indices;
        prim.setIndices(accessor(indices, 1));
      }
      const material = p.material === undefined ? undefined : materials[p.material];
      if (material) prim.setMaterial(material);
      if (p.extras) prim.setExtras(p.extras);
      out.addPrimitive(prim);
    });
  });
}
