/*
 * `retromodel info` for a TMD: its blocks in file order with their sizes (as readTmd records them), and every
 * salted pointer shown both as stored and decoded (fileOffset = raw − salt + 60). On a damaged file: the blocks
 * read before the damage, then the ParseError.
 */
import { hex } from '@retromodel/binary';
import { describedSections, type FileInfo, partialInfo } from '@retromodel/scene';
import { readTmd } from '../read-tmd.js';
import type { TmdPointer } from '../tmd-file.js';

const pointer = (label: string, p: TmdPointer) => `${label} ${hex(p.raw)} → ${hex(p.offset)}`;

/** `1 piece`, `2 pieces`. */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The structure of a TMD file; on a damaged file the blocks read before the error. */
export function tmdInfo(bytes: Uint8Array): Promise<FileInfo> {
  return partialInfo('tmd', (info) => {
    const file = readTmd(bytes, info.sections);
    const { header: h, scene: s } = file;
    const labels = s.hasAux ? ['P0 aux', 'P1 nodes', 'P2 animation table'] : ['P0 nodes', 'P1 animation table'];
    const roots = file.nodes.filter((n) => n.parent === -1).map((n) => n.name);
    const details: Record<string, string> = {
      header: `TKL "${h.tklName}", salt ${hex(h.salt)}, scene block ${hex(h.sceneBlockSize)}, unk2 ${h.unk2_1}/${h.unk2_2}`,
      'scene header': `${count(s.numNodes, 'node')}, ${count(s.numAnimations, 'animation')}, ${s.hasAux ? 'aux variant' : 'no aux block'}; ${s.pointers.map((p, i) => pointer(labels[i]!, p)).join(', ')}`,
      aux: `${s.numNodes} int32 (meaning unknown)`,
      nodes: `${s.numNodes} × 176 bytes; root(s) ${roots.join(', ') || 'none'}`,
      'animation table': `${s.numAnimations} salted pointers`,
      LOD: `${file.lod.numLevels} levels, lodHeader ${file.lod.lodHeaderFloat} (${hex(file.lod.lodHeader)})`,
    };
    file.animations.forEach((a, i) => {
      const keys = a.channels.reduce((n, c) => n + c.times.length, 0);
      const first = a.channelPointers[0];
      details[`animation ${i} "${a.name}"`] =
        `flags A=${a.flagA} (composite) B=${a.flagB} (sound), ${a.duration}s, ${keys} keys in ${a.channels.filter((c) => c.times.length > 0).length} channels${first ? `; ${pointer('channel 0', first)}` : ''}`;
    });
    file.lod.levels.forEach((level, l) => {
      details[`LOD ${l}`] = level.meshes
        .map(
          (m) =>
            `${m.material}: ${count(m.pieceCount, 'piece')}, ${count(m.totalVerts, 'vertex', 'vertices')}, ${count(m.totalStripLen, 'strip index', 'strip indices')}`,
        )
        .join('; ');
    });
    info.sections = describedSections(info.sections, details);
    info.diagnostics = file.diagnostics;
  });
}
