/*
 * `retromodel info` for a TMD: its blocks in file order with their sizes, and every salted pointer shown
 * both as stored and decoded (fileOffset = raw − salt + 60).
 */
import { hex } from '@retromodel/binary';
import type { FileInfo, FileSection } from '@retromodel/scene';
import { readTmd } from '../read-tmd.js';
import { NODE_RECORD_SIZE } from '../read-tmd-nodes.js';
import type { TmdPointer } from '../tmd-file.js';

const pointer = (label: string, p: TmdPointer) => `${label} ${hex(p.raw)} → ${hex(p.offset)}`;

/** The structure of a TMD file. */
/** `1 piece`, `2 pieces`. */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function tmdInfo(bytes: Uint8Array): FileInfo {
  const file = readTmd(bytes);
  const { header: h, scene: s } = file;
  const labels = s.hasAux ? ['P0 aux', 'P1 nodes', 'P2 animation table'] : ['P0 nodes', 'P1 animation table'];
  const sections: FileSection[] = [
    {
      name: 'header',
      offset: 0,
      size: 60,
      detail: `TKL "${h.tklName}", salt ${hex(h.salt)}, scene block ${hex(h.sceneBlockSize)}, unk2 ${h.unk2_1}/${h.unk2_2}`,
    },
    {
      name: 'scene header',
      offset: 60,
      size: s.hasAux ? 68 : 64,
      detail: `${count(s.numNodes, 'node')}, ${count(s.numAnimations, 'animation')}, ${s.hasAux ? 'aux variant' : 'no aux block'}; ${s.pointers.map((p, i) => pointer(labels[i]!, p)).join(', ')}`,
    },
  ];
  if (s.auxOffset !== undefined)
    sections.push({
      name: 'aux',
      offset: s.auxOffset,
      size: 4 * s.numNodes,
      detail: `${s.numNodes} int32 (meaning unknown)`,
    });
  const roots = file.nodes.filter((n) => n.parent === -1).map((n) => n.name);
  sections.push({
    name: 'nodes',
    offset: s.nodeArrayOffset,
    size: NODE_RECORD_SIZE * s.numNodes,
    detail: `${s.numNodes} × 176 bytes; root(s) ${roots.join(', ') || 'none'}`,
  });
  sections.push({
    name: 'animation table',
    offset: s.animationTableOffset,
    size: 4 * s.numAnimations,
    detail: `${s.numAnimations} salted pointers`,
  });
  file.animations.forEach((a, i) => {
    const keys = a.channels.reduce((n, c) => n + c.times.length, 0);
    const first = a.channelPointers[0];
    sections.push({
      name: `animation ${i} "${a.name}"`,
      offset: a.offset,
      size: 32 + 4 * s.numNodes,
      detail: `flags A=${a.flagA} (composite) B=${a.flagB} (sound), ${a.duration}s, ${keys} keys in ${a.channels.filter((c) => c.times.length > 0).length} channels${first ? `; ${pointer('channel 0', first)}` : ''}`,
    });
  });
  const lod = file.lod;
  sections.push({
    name: 'LOD',
    offset: lod.offset,
    size: lod.end - lod.offset,
    detail: `${lod.numLevels} levels, lodHeader ${lod.lodHeaderFloat} (${hex(lod.lodHeader)})`,
  });
  lod.levels.forEach((level, l) => {
    const next = lod.levels[l + 1]?.offset ?? lod.end;
    const meshes = level.meshes.map(
      (m) =>
        `${m.material}: ${count(m.pieceCount, 'piece')}, ${count(m.totalVerts, 'vertex', 'vertices')}, ${count(m.totalStripLen, 'strip index', 'strip indices')}`,
    );
    sections.push({ name: `LOD ${l}`, offset: level.offset, size: next - level.offset, detail: meshes.join('; ') });
  });
  return { format: 'tmd', sections, diagnostics: file.diagnostics };
}
