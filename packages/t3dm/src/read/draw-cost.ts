/*
 * What one full draw of a T3DM costs the N64's RSP (spec §4, runtime draw order per part): every part issues
 * one vertex load; a part that draws then issues one command per u8 triangle, one for its sequence (if any),
 * one per strip command, and one triangle sync. Matrix pushes for bones are not counted (they depend on the
 * skeleton, not on how the writer laid out the geometry).
 */
import type { T3dmFile } from '../t3dm-file.js';

/** RSP work of drawing every object of a model once. */
export interface DrawCost {
  /** Vertex loads + u8 triangle commands + sequence commands + strip commands + syncs. */
  commands: number;
  /** Vertex load commands (one per part). */
  loads: number;
  /** Vertices DMA'd and transformed (the sum of the parts' load counts). */
  verticesLoaded: number;
  /** Triangles drawn one command each. */
  listTriangles: number;
  /** Triangles drawn by unindexed sequences. */
  sequenceTriangles: number;
  /** Triangles drawn from strip commands. */
  stripTriangles: number;
  stripCommands: number;
  syncs: number;
}

/** Counts the RSP commands and vertex loads of drawing every object of `file` once. */
export function drawCost(file: T3dmFile): DrawCost {
  const cost: DrawCost = {
    commands: 0,
    loads: 0,
    verticesLoaded: 0,
    listTriangles: 0,
    sequenceTriangles: 0,
    stripTriangles: 0,
    stripCommands: 0,
    syncs: 0,
  };
  for (const chunk of file.chunks) {
    if (chunk.kind !== 'object') continue;
    let drawn = 0;
    for (const part of chunk.parts) {
      cost.loads++;
      cost.verticesLoaded += part.vertLoadCount;
      const strips = part.numStripIndices.indexOf(0);
      const stripCommands = strips < 0 ? part.numStripIndices.length : strips;
      if (part.numIndices === 0 && stripCommands === 0 && part.idxSeqCount === 0) continue;
      const list = Math.floor(part.numIndices / 3);
      cost.listTriangles += list;
      cost.sequenceTriangles += part.idxSeqCount;
      cost.stripCommands += stripCommands;
      cost.commands += list + (part.idxSeqCount > 0 ? 1 : 0) + stripCommands + 1;
      cost.syncs++;
      drawn += list + part.idxSeqCount;
    }
    // Strips hold what the object draws beyond its u8 triangles and sequences (spec §6: triCount is the total).
    cost.stripTriangles += Math.max(0, chunk.triCount - drawn);
  }
  cost.commands += cost.loads;
  return cost;
}
