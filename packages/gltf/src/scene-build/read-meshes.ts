/*
 * Meshes: POSITION, NORMAL, TANGENT and WEIGHTS_n become Float32 (KHR_mesh_quantization data is
 * de-quantized); u8 indices become u16; colours and UVs keep their component type. An attribute, indices or
 * material reference that names nothing is left out (json-refs.ts). Attributes the scene has no place for
 * and morph targets are dropped with an info diagnostic.
 */
import type { GLTF } from '@gltf-transform/core';
import type { Attribute, AttributeName, Mesh, Primitive } from '@retromodel/scene';
import { jsonError } from '../check-json.js';
import { primitiveModes } from '../gltf-enums.js';
import { named, nameOf, propertyExtras } from '../json-values.js';
import { accessorArray, floatArray } from './accessor-arrays.js';
import { accessorRef, type BuildContext } from './build-context.js';
import { listOf, refIndex } from './json-refs.js';

const attributeName = /^(POSITION|NORMAL|TANGENT|(COLOR|TEXCOORD|JOINTS|WEIGHTS)_\d+)$/;
const floatAttribute = /^(POSITION|NORMAL|TANGENT|WEIGHTS_\d+)$/;

/** Whether a primitive has morph targets; their accessor references must be sound even though they are dropped. */
function hasTargets(context: BuildContext, def: GLTF.IMeshPrimitive, what: string): boolean {
  const targets = listOf(def.targets, `${what}.targets`);
  for (const target of targets) for (const [, value] of Object.entries(target as object)) accessorRef(context, value);
  return targets.length > 0;
}

export function readMeshes(context: BuildContext, materialCount: number): Mesh[] {
  const { where, info } = context;
  return (context.json.meshes ?? []).map((def, m): Mesh => {
    const primitives = def.primitives.map((p, k): Primitive => {
      const attributes: Partial<Record<AttributeName, Attribute>> = {};
      for (const [semantic, value] of Object.entries(p.attributes || {})) {
        const accessor = accessorRef(context, value);
        if (!accessor) continue;
        if (!attributeName.test(semantic)) {
          info('attribute-dropped', `mesh ${m} primitive ${k}: attribute ${semantic} has no place in the scene`);
          continue;
        }
        const float = floatAttribute.test(semantic);
        const attr: Attribute = {
          array: float ? floatArray(accessor) : accessorArray(accessor),
          itemSize: accessor.elementSize,
        };
        if (!float && accessor.normalized) attr.normalized = true;
        attributes[semantic as AttributeName] = attr;
      }
      const position = attributes.POSITION;
      if (!position) throw jsonError(where, `mesh ${m} primitive ${k} has no POSITION attribute`);
      const modeCode = p.mode === undefined ? 4 : p.mode;
      const mode = primitiveModes[modeCode];
      if (!mode) throw jsonError(where, `mesh ${m} primitive ${k} has unknown mode ${modeCode}`);
      const prim: Primitive = { attributes: { ...attributes, POSITION: position }, mode };
      const indices = p.indices === undefined ? undefined : accessorRef(context, p.indices);
      if (indices) {
        const array = indices.array;
        if (array instanceof Uint8Array) prim.indices = Uint16Array.from(array);
        else if (array instanceof Uint16Array || array instanceof Uint32Array) prim.indices = array;
        else throw jsonError(where, `mesh ${m} primitive ${k}: indices must be unsigned integers`);
      }
      const material = p.material === undefined ? undefined : refIndex(materialCount, p.material);
      if (material !== undefined) prim.material = material;
      if (hasTargets(context, p, `meshes[${m}].primitives[${k}]`))
        info('morph-targets-dropped', `mesh ${m} primitive ${k}: morph targets have no place in the scene`);
      const extras = propertyExtras(p);
      if (extras) prim.extras = extras;
      return prim;
    });
    const out: Mesh = named(nameOf(def), { primitives });
    const extras = propertyExtras(def);
    if (extras) out.extras = extras;
    return out;
  });
}
