/*
 * Meshes and their primitives. Attributes glTF core does not accept are converted (attribute-types.ts), float
 * colours outside 0..1 clamped, and u16 index lists holding 0xFFFF (the primitive-restart value glTF forbids)
 * written as u32; each with a warning. (A joint listed twice for a vertex is merged by sanitize-scene.ts.)
 * The accessors are made here (attributes, then indices, primitive by primitive); the JSON is written once
 * they have their indices. Keys as glTF-Transform wrote them: a primitive's `attributes, mode, material,
 * extras, indices`.
 */
import type { GLTF } from '@gltf-transform/core';
import type { Attribute, Extras, Primitive } from '@retromodel/scene';
import { isCoreAttribute, toCoreAttribute } from '../attribute-types.js';
import { primitiveModes } from '../gltf-enums.js';
import type { AccessorRecord } from './accessors.js';
import type { DedupGroup } from './dedup-accessors.js';
import { propertyDef } from './property-def.js';
import type { WriteContext } from './write-context.js';

export interface PrimitiveOut {
  source: Primitive;
  /** Attribute accessors in the order their names are written. */
  attributes: [string, AccessorRecord][];
  indices?: AccessorRecord;
}

export interface MeshOut {
  name?: string;
  extras?: Extras;
  primitives: PrimitiveOut[];
}

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

/** Makes the accessors of every primitive; returns the meshes to write once the accessors have indices. */
export function collectMeshes(ctx: WriteContext): MeshOut[] {
  const { warn, accessors } = ctx;
  let serial = 0;
  return ctx.scene.meshes.map((mesh, m) => ({
    name: mesh.name,
    extras: mesh.extras,
    primitives: mesh.primitives.map((p: Primitive, k) => {
      const primitive = serial++;
      const out: PrimitiveOut = { source: p, attributes: [] };
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
        const record = accessors.add(core.array, core.itemSize, 'ARRAY_BUFFER', {
          normalized: core.normalized ?? false,
          primitive,
          bounds: name === 'POSITION',
        });
        out.attributes.push([name, record]);
      }
      if (p.indices) {
        const indices =
          p.indices instanceof Uint16Array && p.indices.includes(0xffff) ? Uint32Array.from(p.indices) : p.indices;
        out.indices = accessors.add(indices, 1, 'ELEMENT_ARRAY_BUFFER');
      }
      return out;
    }),
  }));
}

/** Offers the meshes' accessors to the dedup groups, in glTF-Transform's order (attributes, then indices). */
export function offerMeshAccessors(meshes: MeshOut[], attributes: DedupGroup, indices: DedupGroup): void {
  for (const mesh of meshes) {
    for (const p of mesh.primitives) {
      for (const [, record] of p.attributes) attributes.add(record);
      indices.add(p.indices);
    }
  }
}

/**
 * Points the meshes at the accessors that replace merged ones. A replaced attribute moves to the end of its
 * primitive's attributes: glTF-Transform's `swap` removed the key from its map and added it again.
 */
export function replaceMeshAccessors(meshes: MeshOut[], replacements: Map<AccessorRecord, AccessorRecord>): void {
  for (const mesh of meshes) {
    for (const p of mesh.primitives) {
      const kept: [string, AccessorRecord][] = [];
      const moved: [string, AccessorRecord][] = [];
      for (const [name, record] of p.attributes) {
        const replacement = replacements.get(record);
        if (replacement) {
          // The kept accessor now also serves this use: a POSITION needs bounds on it.
          if (name === 'POSITION') replacement.bounds = true;
          moved.push([name, replacement]);
        } else kept.push([name, record]);
      }
      if (moved.length > 0) p.attributes = [...kept, ...moved];
      if (p.indices) p.indices = replacements.get(p.indices) ?? p.indices;
    }
  }
}

/** The JSON of the meshes, once every accessor has its index. */
export function meshDefs(meshes: MeshOut[], materialCount: number): GLTF.IMesh[] {
  return meshes.map((mesh) => {
    const def = propertyDef(mesh.name, mesh.extras) as GLTF.IMesh;
    def.primitives = mesh.primitives.map((p) => {
      const primitive: GLTF.IMeshPrimitive = {
        attributes: {},
        mode: primitiveModes.indexOf(p.source.mode) as GLTF.MeshPrimitiveMode,
      };
      const material = p.source.material;
      if (material !== undefined && material >= 0 && material < materialCount) primitive.material = material;
      if (p.source.extras && Object.keys(p.source.extras).length > 0) primitive.extras = p.source.extras;
      if (p.indices) primitive.indices = p.indices.index;
      for (const [name, record] of p.attributes) primitive.attributes[name] = record.index;
      return primitive;
    });
    return def;
  });
}
