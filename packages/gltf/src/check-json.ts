/*
 * Structural checks of a glTF's JSON before the scene is built from it (glTF 2.0 spec, sections 3.6
 * "Buffers, Buffer Views, and Accessors"): top-level collections are arrays of objects, the version is 2.x,
 * required extensions are ones we read, and every buffer view lies inside its buffer and every accessor
 * (including sparse indices/values, with byteStride) inside its buffer view. Accessors without a buffer
 * view are zero-filled by the reader, so their size is capped. After these checks nothing the reader
 * allocates can exceed the input's size (or the cap), and typed-array views cannot go out of range.
 */

import type { GLTF } from '@gltf-transform/core';
import { hex, ParseError } from '@retromodel/binary';
import { componentSizes, typeSizes } from './gltf-enums.js';
import { compressionExtensions, supportedExtensions, unreadExtensionAdvice } from './json-extensions.js';

/** Where the JSON and the BIN chunk start in the file (0 and none for a .gltf), for error offsets. */
export interface JsonLocation {
  jsonOffset: number;
  binOffset?: number;
}

/** Largest zero-filled (buffer-view-less) accessor accepted, in bytes. */
const maxUnbackedBytes = 64 * 1024 * 1024;

const sparseIndexSizes: Record<number, number> = { 5121: 1, 5123: 2, 5125: 4 };
const collections = [
  'accessors',
  'animations',
  'buffers',
  'bufferViews',
  'cameras',
  'images',
  'materials',
  'meshes',
  'nodes',
  'samplers',
  'scenes',
  'skins',
  'textures',
] as const;

/** True for a plain (non-array) object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const isIndex = (v: unknown, length: number): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < length;
const isSize = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * How an error names accessor `i` (or its `part`, `.sparse.indices`): made only for the error, as a file has
 * thousands of accessors and checking one costs little more than making its name did.
 */
const accessorName = (i: number, part = '') => `accessors[${i}]${part}`;

/** Throws a ParseError located in the JSON. */
export function jsonError(where: JsonLocation, detail: string): ParseError {
  return new ParseError({ format: 'gltf', section: 'JSON', offset: where.jsonOffset }, detail);
}

/** Checks the top level: an object with asset.version 2.x, arrays of objects, supported required extensions. */
export function checkTopLevel(json: unknown, where: JsonLocation): asserts json is GLTF.IGLTF {
  if (!isObject(json)) throw jsonError(where, 'the JSON is not an object');
  const asset = json.asset;
  if (!isObject(asset) || typeof asset.version !== 'string')
    throw jsonError(where, 'no asset.version: this is not glTF JSON');
  if (!/^2\.\d+$/.test(asset.version))
    throw jsonError(where, `glTF version ${asset.version} is not supported (only 2.x)`);
  for (const key of collections) {
    const list = json[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw jsonError(where, `"${key}" is not an array`);
    list.forEach((item, i) => {
      if (!isObject(item)) throw jsonError(where, `${key}[${i}] is not an object`);
    });
  }
  // A mesh must have at least one primitive (glTF 2.0 schema, mesh.primitives minItems 1).
  ((json.meshes ?? []) as Record<string, unknown>[]).forEach((mesh, i) => {
    const primitives = mesh.primitives;
    if (!Array.isArray(primitives) || primitives.length === 0)
      throw jsonError(where, `meshes[${i}] has no primitives (glTF requires at least one)`);
    primitives.forEach((p, k) => {
      if (!isObject(p)) throw jsonError(where, `meshes[${i}].primitives[${k}] is not an object`);
    });
  });
  for (const key of ['extensionsUsed', 'extensionsRequired'] as const) {
    const list = json[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((e) => typeof e === 'string')))
      throw jsonError(where, `"${key}" is not a list of names`);
  }
  const unsupported = ((json.extensionsRequired ?? []) as string[]).filter(
    (e) => !supportedExtensions.has(e) && !compressionExtensions.includes(e),
  );
  if (unsupported.length > 0)
    throw jsonError(
      where,
      `the file requires extension ${unsupported.join(', ')}, which retromodel cannot read${unsupported
        .map((e) => (unreadExtensionAdvice[e] ? `; ${e}: ${unreadExtensionAdvice[e]}` : ''))
        .join('')}`,
    );
}

/**
 * Checks buffer views and accessors against the buffers' bytes (`bufferBytes[i]` = length of buffer i's
 * data as resolved).
 */
export function checkAccessors(json: GLTF.IGLTF, bufferBytes: number[], where: JsonLocation): void {
  const buffers = json.buffers ?? [];
  buffers.forEach((b, i) => {
    if (!isSize(b.byteLength)) throw jsonError(where, `buffers[${i}].byteLength is not a size`);
    const have = bufferBytes[i] ?? 0;
    if (b.byteLength > have) {
      throw new ParseError(
        {
          format: 'gltf',
          section: b.uri === undefined ? 'BIN' : 'buffers',
          offset: b.uri === undefined ? (where.binOffset ?? where.jsonOffset) : where.jsonOffset,
        },
        `buffer ${i} should be ${hex(b.byteLength)} bytes long, but only ${hex(have)} bytes are there`,
      );
    }
  });
  const views = json.bufferViews ?? [];
  views.forEach((v, i) => {
    const offset = v.byteOffset ?? 0;
    if (!isIndex(v.buffer, buffers.length))
      throw jsonError(where, `bufferViews[${i}] names buffer ${v.buffer}, which does not exist`);
    if (!isSize(offset) || !isSize(v.byteLength))
      throw jsonError(where, `bufferViews[${i}] has an invalid byteOffset or byteLength`);
    if (v.byteStride !== undefined && !(Number.isInteger(v.byteStride) && v.byteStride >= 4 && v.byteStride <= 252)) {
      throw jsonError(where, `bufferViews[${i}].byteStride ${v.byteStride} is not between 4 and 252`);
    }
    const bufferLength = buffers[v.buffer]!.byteLength;
    if (offset + v.byteLength > bufferLength) {
      throw jsonError(
        where,
        `bufferViews[${i}] covers bytes ${hex(offset)}..${hex(offset + v.byteLength)} of buffer ${v.buffer}, which has ${hex(bufferLength)}`,
      );
    }
  });
  const fits = (
    i: number,
    part: string,
    viewIndex: unknown,
    byteOffset: unknown,
    count: number,
    elementBytes: number,
  ) => {
    if (!isIndex(viewIndex, views.length))
      throw jsonError(where, `${accessorName(i, part)} names bufferView ${String(viewIndex)}, which does not exist`);
    if (!isSize(byteOffset)) throw jsonError(where, `${accessorName(i, part)} has an invalid byteOffset`);
    const view = views[viewIndex]!;
    const stride = view.byteStride ?? elementBytes;
    if (stride < elementBytes)
      throw jsonError(
        where,
        `${accessorName(i, part)}: elements of ${elementBytes} bytes do not fit bufferView ${viewIndex}'s stride of ${stride}`,
      );
    const end = byteOffset + stride * (count - 1) + elementBytes;
    if (end > view.byteLength) {
      throw jsonError(
        where,
        `${accessorName(i, part)} needs ${hex(end)} bytes of bufferView ${viewIndex}, which has ${hex(view.byteLength)}`,
      );
    }
  };
  (json.accessors ?? []).forEach((a, i) => {
    const componentSize = componentSizes[a.componentType];
    const components = typeSizes[a.type];
    if (componentSize === undefined)
      throw jsonError(where, `${accessorName(i)} has unknown componentType ${a.componentType}`);
    if (components === undefined) throw jsonError(where, `${accessorName(i)} has unknown type ${String(a.type)}`);
    if (!(Number.isInteger(a.count) && a.count >= 1))
      throw jsonError(where, `${accessorName(i)}.count ${a.count} is not a positive integer`);
    const elementBytes = componentSize * components;
    if (a.bufferView !== undefined) fits(i, '', a.bufferView, a.byteOffset ?? 0, a.count, elementBytes);
    else if (a.count * elementBytes > maxUnbackedBytes)
      throw jsonError(
        where,
        `${accessorName(i)} has no bufferView and would need ${hex(a.count * elementBytes)} bytes of zeros`,
      );
    if (a.sparse === undefined) return;
    const sparse = a.sparse as unknown;
    if (!isObject(sparse) || !isObject(sparse.indices) || !isObject(sparse.values))
      throw jsonError(where, `${accessorName(i)}.sparse is incomplete`);
    const count = sparse.count;
    if (!(Number.isInteger(count) && (count as number) >= 1 && (count as number) <= a.count))
      throw jsonError(where, `${accessorName(i)}.sparse.count is invalid`);
    const indexSize = sparseIndexSizes[sparse.indices.componentType as number];
    if (indexSize === undefined)
      throw jsonError(where, `${accessorName(i)}.sparse.indices has an invalid componentType`);
    // The reader falls back to the accessor's byteOffset when the sparse part gives none (accessor-data.ts).
    fits(
      i,
      '.sparse.indices',
      sparse.indices.bufferView,
      sparse.indices.byteOffset ?? a.byteOffset ?? 0,
      count as number,
      indexSize,
    );
    fits(
      i,
      '.sparse.values',
      sparse.values.bufferView,
      sparse.values.byteOffset ?? a.byteOffset ?? 0,
      count as number,
      elementBytes,
    );
  });
  (json.images ?? []).forEach((image, i) => {
    if (image.bufferView !== undefined && !isIndex(image.bufferView, views.length))
      throw jsonError(where, `images[${i}] names bufferView ${image.bufferView}, which does not exist`);
    if (image.bufferView === undefined && typeof image.uri !== 'string')
      throw jsonError(where, `images[${i}] has neither a uri nor a bufferView`);
  });
}
