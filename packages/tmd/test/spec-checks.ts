/*
 * Structural checks of TMD, TKL and TML files written from the spec (`../shared/specs/tmd.md` §2–4, the writer
 * checklist §2.11 and the piece rules §2.7–2.8), reading raw bytes with a DataView and nothing of the package:
 * each returns the list of rules a file breaks (empty when it passes). Used on the shared fixtures (which it
 * must pass, except the repacker's flawed tube) and on every file the writer makes.
 */

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const cstr = (b: Uint8Array, at: number, n: number) => {
  const f = b.subarray(at, at + n);
  const nul = f.indexOf(0);
  return String.fromCharCode(...(nul < 0 ? f : f.subarray(0, nul)));
};

/** What a TMD breaks of spec §2 (with `strictWriter`, also the rules the spec sets for new files). */
export function checkTmd(b: Uint8Array, strictWriter = true): string[] {
  const p: string[] = [];
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const u32 = (o: number) => v.getUint32(o, true);
  const u16 = (o: number) => v.getUint16(o, true);
  if (b.length < 124) return ['shorter than the 124-byte header'];
  if (ascii(b, 0, 4) !== 'TMDL') p.push('magic is not TMDL');
  if (u32(4) !== 0) p.push('@4 is not 0');
  if (u32(8) !== b.length - 12) p.push('@8 is not size − 12');
  const tkl = cstr(b, 12, 16);
  if (tkl.length > 15 || !/^[A-Za-z0-9_]*$/.test(tkl)) p.push(`TKL name "${tkl}" is not ≤ 15 identifier characters`);
  const sceneSize = u32(28);
  if (u32(60) !== sceneSize) p.push('@28 and @60 differ');
  const salt = u32(32);
  const dec = (raw: number) => ((raw - salt) >>> 0) + 60;
  for (let o = 44; o < 60; o++) if (b[o] !== 0) p.push(`@${o} is not zero`);
  const numNodes = u16(64);
  const numAnims = u16(68);
  if (strictWriter && (u16(66) >= 128 || u16(70) >= 16)) p.push('@66 ≥ 128 or @70 ≥ 16 (OpenJPOG rejects it)');
  for (let o = 72; o < 116; o++) if (b[o] !== 0) p.push(`@${o} is not zero`);
  const aux = dec(u32(116)) !== 124;
  if (strictWriter && aux) p.push('P0 does not decode to 124 (new files have no aux block)');
  const nodesAt = aux ? dec(u32(120)) : 124;
  const tableAt = aux ? dec(u32(124)) : dec(u32(120));
  if (nodesAt + 176 * numNodes > b.length) return [...p, 'node array outside the file'];
  const parents: number[] = [];
  for (let n = 0; n < numNodes; n++) {
    const at = nodesAt + 176 * n;
    const name = cstr(b, at + 145, 15);
    if (b[at + 144] !== name.length) p.push(`node ${n}: name length byte ${b[at + 144]} is not strlen ${name.length}`);
    const parent = v.getInt16(at + 160, true);
    parents.push(parent);
    if (parent !== -1 && (parent < 0 || parent >= n)) p.push(`node ${n}: parent ${parent} does not come before it`);
    if (u16(at + 162) > 1) p.push(`node ${n}: flag ${u16(at + 162)} is not 0 or 1`);
    // The inverse bind matrix @80 is the inverse of the bind matrix @16: their product is the identity.
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 4; c++) {
        let s = 0;
        for (let k = 0; k < 4; k++)
          s += v.getFloat32(at + 16 + (k * 4 + r) * 4, true) * v.getFloat32(at + 80 + (c * 4 + k) * 4, true);
        if (Math.abs(s - (r === c ? 1 : 0)) > 1e-3) p.push(`node ${n}: inverse bind × bind is not the identity`);
      }
  }
  if (tableAt + 4 * numAnims > b.length) return [...p, 'animation table outside the file'];
  let end = tableAt + 4 * numAnims;
  for (let a = 0; a < numAnims; a++) {
    const rec = dec(u32(tableAt + 4 * a));
    if (rec + 32 + 4 * numNodes > b.length) {
      p.push(`animation ${a} outside the file`);
      continue;
    }
    if (strictWriter && rec !== end) p.push(`animation ${a} does not directly follow what comes before it`);
    const name = cstr(b, rec + 1, 15);
    if (b[rec] !== name.length) p.push(`animation ${a}: name length byte is not strlen`);
    if (u32(rec + 16) > 1 || u32(rec + 20) > 1) p.push(`animation ${a}: flag A or B is not 0/1`);
    const duration = v.getFloat32(rec + 28, true);
    if (!(duration >= 0)) p.push(`animation ${a}: duration ${duration}`);
    end = rec + 32 + 4 * numNodes;
    for (let n = 0; n < numNodes; n++) {
      const ch = dec(u32(rec + 32 + 4 * n));
      if (ch + 4 > b.length) {
        p.push(`animation ${a} node ${n}: channel outside the file`);
        continue;
      }
      const flags = u16(ch);
      const frames = u16(ch + 2);
      if (flags > 3) p.push(`animation ${a} node ${n}: channel flags ${flags} > 3`);
      if (frames === 0 && flags !== 2 && strictWriter)
        p.push(`animation ${a} node ${n}: no keys but flags ${flags} (spec: 2)`);
      let last = -1;
      for (let k = 0; k < frames; k++) {
        const t = v.getFloat32(ch + 4 + 8 * k, true);
        if (!(t > last) || t > duration + 1e-4)
          p.push(`animation ${a} node ${n}: key ${k} time ${t} not increasing within the duration`);
        last = t;
      }
      if (strictWriter && ch === end) end = ch + 4 + 8 * frames;
    }
  }
  if (strictWriter && 60 + sceneSize !== end) p.push('the mesh block does not directly follow the last animation');
  // The LOD block, read sequentially (§2.6), must end at the end of the file.
  let o = 60 + sceneSize;
  const levels = u32(o);
  o += 8;
  if (levels < 1 || levels > 5) p.push(`${levels} LOD levels (1..5)`);
  for (let l = 0; l < levels && o < b.length; l++) {
    const meshes = u32(o);
    o += 24;
    for (let m = 0; m < meshes; m++) {
      const pieces = u32(o);
      const totalStrip = u32(o + 4);
      const totalVerts = u32(o + 8);
      const material = cstr(b, o + 12, 32);
      if (!/^[A-Za-z0-9_]+$/.test(material)) p.push(`LOD ${l} mesh ${m}: material "${material}" is not an identifier`);
      o += 44;
      const verts: { boneBytes: number[]; weights: number[] }[] = [];
      const strips: { strip: number[]; table: number }[] = [];
      let stripSum = 0;
      let vertSum = 0;
      for (let q = 0; q < pieces; q++) {
        const stripLen = u32(o);
        const vertCount = u32(o + 4);
        const boneCount = u32(o + 8);
        if (strictWriter && boneCount > 27) p.push(`LOD ${l} mesh ${m} piece ${q}: ${boneCount} bones > 27`);
        if (stripLen > 7500) p.push(`LOD ${l} mesh ${m} piece ${q}: strip of ${stripLen} indices > 7500`);
        o += 40 + 4 * boneCount;
        for (let i = 0; i < vertCount; i++, o += 40) {
          verts.push({ weights: [...b.subarray(o + 24, o + 28)], boneBytes: [...b.subarray(o + 28, o + 32)] });
        }
        const strip: number[] = [];
        for (let i = 0; i < stripLen; i++, o += 2) strip.push(v.getInt16(o, true));
        strips.push({ strip, table: boneCount });
        stripSum += stripLen;
        vertSum += vertCount;
      }
      if (stripSum !== totalStrip || vertSum !== totalVerts)
        p.push(`LOD ${l} mesh ${m}: totals do not match the pieces`);
      if (verts.length > 32767) p.push(`LOD ${l} mesh ${m}: ${verts.length} vertices > 32767`);
      for (const [q, { strip, table }] of strips.entries()) {
        if (q > 0 && strictWriter && strips[q - 1]!.strip.length === 7500) {
          // A continuation repeats the last 2 indices of the piece before it (§2.7).
          const prev = strips[q - 1]!.strip;
          if (strip[0] !== prev[7498] || strip[1] !== prev[7499])
            p.push(`LOD ${l} mesh ${m} piece ${q}: continuation does not overlap by 2`);
        }
        for (const s of strip) {
          const vx = verts[s];
          if (!vx) {
            p.push(`LOD ${l} mesh ${m} piece ${q}: strip index ${s} is not a vertex of the mesh`);
            break;
          }
          // Bone bytes are slot × 3 in the drawing piece's table; weights are bytes summing to about 255.
          for (let k = 0; k < 4; k++) {
            if (vx.weights[k]! === 0) continue;
            if (vx.boneBytes[k]! % 3 !== 0 || vx.boneBytes[k]! / 3 >= table)
              p.push(
                `LOD ${l} mesh ${m} piece ${q}: vertex ${s} has bone byte ${vx.boneBytes[k]} outside its drawing piece's ${table} slots`,
              );
          }
          const sum = vx.weights.reduce((x, y) => x + y, 0);
          if (sum < 253 || sum > 255) p.push(`LOD ${l} mesh ${m}: vertex ${s} weights sum to ${sum}`);
        }
      }
    }
  }
  if (o !== b.length) p.push(`the LOD block ends at ${o}, not at the end of the file (${b.length})`);
  return [...new Set(p)];
}

/** What a TKL breaks of spec §3. */
export function checkTkl(b: Uint8Array): string[] {
  const p: string[] = [];
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const u32 = (o: number) => v.getUint32(o, true);
  if (b.length < 56) return ['shorter than the 56-byte header'];
  if (ascii(b, 0, 4) !== 'TPKL') p.push('magic is not TPKL');
  if (u32(4) !== 0) p.push('@4 is not 0');
  if (u32(8) !== b.length - 12) p.push('@8 is not size − 12');
  if (cstr(b, 12, 16).length > 15) p.push('name longer than 15 characters');
  const [nPos, nRot, nScale, ps, rs, ss, dataLen] = [28, 32, 36, 40, 44, 48, 52].map(u32) as number[];
  if (nScale !== 0 || ps !== 12 || rs !== 16 || ss !== 4) p.push('scale count and entry sizes are not 0, 12, 16, 4');
  if (dataLen !== 12 * nPos! + 16 * nRot!) p.push('dataLen is not 12·nPos + 16·nRot');
  if (b.length !== 56 + 12 * nPos! + 16 * nRot!) p.push('the tables do not end at the end of the file');
  for (let r = 0; r < nRot!; r++) {
    const at = 56 + 12 * nPos! + 16 * r;
    const len = Math.hypot(...[0, 4, 8, 12].map((k) => v.getFloat32(at + k, true)));
    if (Math.abs(len - 1) > 1e-3) p.push(`rotation ${r} is not a unit quaternion`);
  }
  return [...new Set(p)];
}

/** What a TML breaks of spec §4 (with `argb16`, also the `*16.tml` rule: formats 2 and 7 only). */
export function checkTml(b: Uint8Array, argb16 = false): string[] {
  const p: string[] = [];
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const u32 = (o: number) => v.getUint32(o, true);
  const u16 = (o: number) => v.getUint16(o, true);
  if (ascii(b, 0, 4) !== 'TML1') p.push('magic is not TML1');
  if (u32(4) !== 0) p.push('type @4 is not 0');
  const count = u32(8);
  let o = 12;
  const ids: number[] = [];
  for (let t = 0; t < count; t++) {
    const id = u32(o);
    const size = u32(o + 4);
    const format = u16(o + 16);
    const [w, h] = [u16(o + 18), u16(o + 20)];
    ids.push(id);
    if (id !== count - 1 - t) p.push(`texture ${t} has id ${id}, not ${count - 1 - t} (ids count down)`);
    if (argb16 ? format !== 2 && format !== 7 : ![0, 2, 6, 7].includes(format))
      p.push(`texture ${t}: format ${format}`);
    if (w === 0 || h === 0 || w > 1024 || h > 1024 || (w & (w - 1)) !== 0 || (h & (h - 1)) !== 0)
      p.push(`texture ${t}: ${w}×${h} is not a power of two up to 1024`);
    const data = b.subarray(o + 28, o + 28 + size);
    if (format === 2 || format === 7) {
      if (size !== 2 * w * h) p.push(`texture ${t}: ${size} bytes for a 16-bit ${w}×${h}`);
    } else if (format === 6) {
      const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (ascii(data, 0, 4) !== 'DDS ' || dv.getUint32(4, true) !== 124) p.push(`texture ${t}: not a DDS file`);
      const fourCC = ascii(data, 84, 4);
      if (fourCC !== 'DXT1' && fourCC !== 'DXT5') p.push(`texture ${t}: DDS format ${fourCC}`);
      if (dv.getUint32(12, true) !== h || dv.getUint32(16, true) !== w) p.push(`texture ${t}: DDS size differs`);
      const block = fourCC === 'DXT1' ? 8 : 16;
      let need = 0;
      const mips = Math.max(1, dv.getUint32(28, true));
      for (let m = 0; m < mips; m++)
        need += Math.ceil(Math.max(1, w >> m) / 4) * Math.ceil(Math.max(1, h >> m) / 4) * block;
      if (size !== 128 + need) p.push(`texture ${t}: DDS of ${size} bytes, its ${mips} levels need ${128 + need}`);
    }
    o += 28 + size;
  }
  const numMaterials = u32(o);
  o += 4;
  const names: string[] = [];
  for (let m = 0; m < numMaterials; m++, o += 32) names.push(cstr(b, o, 32));
  const lower = names.map((n) => n.toLowerCase());
  if (lower.some((n, i) => i > 0 && n <= lower[i - 1]!)) p.push('names are not sorted case-insensitively and distinct');
  for (let m = 0; m < numMaterials; m++) {
    const nameIndex = u32(o);
    const n = u16(o + 6);
    if (nameIndex >= numMaterials) p.push(`material ${m}: name index ${nameIndex} out of range`);
    if (n > 4) p.push(`material ${m}: ${n} textures > 4`);
    for (let k = 0; k < n; k++)
      if (!ids.includes(u32(o + 8 + 4 * k))) p.push(`material ${m}: texture id ${u32(o + 8 + 4 * k)} missing`);
    o += 8 + 4 * n;
  }
  if (o !== b.length) p.push('the materials do not end at the end of the file');
  return [...new Set(p)];
}
