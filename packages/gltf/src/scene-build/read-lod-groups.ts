/* LOD groups from the raw JSON: MSFT_lod on a node names the lower levels; distances come from its extras. */
import type { GLTF } from '@gltf-transform/core';
import type { LodGroup } from '@retromodel/scene';
import { isObject, type JsonLocation, jsonError } from '../check-json.js';
import { named } from '../json-values.js';

export function readLodGroups(json: GLTF.IGLTF, nodeCount: number, where: JsonLocation): LodGroup[] {
  const lodGroups: LodGroup[] = [];
  (json.nodes ?? []).forEach((def, i) => {
    const lod = isObject(def.extensions) ? def.extensions.MSFT_lod : undefined;
    if (lod === undefined) return;
    const ids = isObject(lod) ? lod.ids : undefined;
    if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id) && id >= 0 && id < nodeCount)) {
      throw jsonError(where, `nodes[${i}].extensions.MSFT_lod.ids are not node indices`);
    }
    const extras = isObject(lod) && isObject(lod.extras) ? lod.extras : {};
    const group: LodGroup = named(typeof extras.name === 'string' ? extras.name : '', {
      levels: [i, ...(ids as number[])],
    });
    if (Array.isArray(extras.distances) && extras.distances.every((d) => typeof d === 'number'))
      group.distances = extras.distances as number[];
    if (isObject(extras.extras)) group.extras = extras.extras;
    lodGroups.push(group);
  });
  return lodGroups;
}
