/*
 * Meshes: POSITION, NORMAL, TANGENT and WEIGHTS_n become Float32 (KHR_mesh_quantization data is
 * de-quantized); u8 indices become u16; colours and UVs keep their component type. Attributes the scene has
 * no place for and morph targets are dropped with an info diagnostic.
 */
import type { Root } from '@gltf-transform/core';
import type { Attribute, AttributeName, Mesh, Primitive } from '@retromodel/scene';
import { jsonError } from '../../../src/check-json.js';
import { primitiveModes } from '../../../src/gltf-enums.js';
import { named } from '../../../src/json-values.js';
import { extrasOf } from '../property-extras.js';
import { accessorArray, floatArray } from './accessor-arrays.js';
import type { BuildLookups } from './build-context.js';

const attributeName = /^(POSITION|NORMAL|TANGENT|(COLOR|TEXCOORD|JOINTS|WEIGHTS)_\d+)$/;
const floatAttribute = /^(POSITION|NORMAL|TANGENT|WEIGHTS_\d+)$/;

export function readMeshes(root: Root, at: BuildLookups): Mesh[] {
  const { where, info } = at;
  return root.listMeshes().map((mesh, m): Mesh => {
    const primitives = mesh.listPrimitives().map((p, k): Primitive => {
      const attributes: Partial<Record<AttributeName, Attribute>> = {};
      for (const semantic of p.listSemantics()) {
        const accessor = p.getAttribute(semantic)!;
        if (!attributeName.test(semantic)) {
          info('attribute-dropped', `mesh ${m} primitive ${k}: attribute ${semantic} has no place in the scene`);
          continue;
        }
        const float = floatAttribute.test(semantic);
        const attr: Attribute = {
          array: float ? floatArray(accessor) : accessorArray(accessor),
          itemSize: accessor.getElementSize(),
        };
        if (!float && accessor.getNormalized()) attr.normalized = true;
        attributes[semantic as AttributeName] = attr;
      }
      const position = attributes.POSITION;
      if (!position) throw jsonError(where, `mesh ${m} primitive ${k} has no POSITION attribute`);
      const mode = primitiveModes[p.getMode()];
      if (!mode) throw jsonError(where, `mesh ${m} primitive ${k} has unknown mode ${p.getMode()}`);
      const prim: Primitive = { attributes: { ...attributes, POSITION: position }, mode };
      const indices = p.getIndices();
      if (indices) {
        const array = indices.getArray();
        if (array instanceof Uint8Array) prim.indices = Uint16Array.from(array);
        else if (array instanceof Uint16Array || array instanceof Uint32Array) prim.indices = array;
        else throw jsonError(where, `mesh ${m} primitive ${k}: indices must be unsigned integers`);
      }
      const material = at.material(p.getMaterial());
      if (material !== undefined) prim.material = material;
      if (p.listTargets().length > 0)
        info('morph-targets-dropped', `mesh ${m} primitive ${k}: morph targets have no place in the scene`);
      const extras = extrasOf(p);
      if (extras) prim.extras = extras;
      return prim;
    });
    const out: Mesh = named(mesh.getName(), { primitives });
    const extras = extrasOf(mesh);
    if (extras) out.extras = extras;
    return out;
  });
}
