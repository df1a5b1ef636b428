/*
 * MDL3 writer on rewritten and changed models: a BDL with both MAT3 and MDL3 rewritten still passes the
 * MDL3-vs-MAT3 check exactly as the original does (no disagreement on Nintendo's files); a z-mode change made
 * in both chunks comes back and still agrees; a removed packet and a packet that grows are laid out anew and
 * read back to the same commands.
 */
import { BinaryReader } from '@retromodel/binary';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readMdl3 } from '../../src/chunks/read-mdl3.js';
import { writeMat3 } from '../../src/chunks/write-mat3.js';
import { writeMdl3 } from '../../src/chunks/write-mdl3.js';
import { checkMdl3, type J3dFile, readJ3d } from '../../src/index.js';
import { replaceChunk } from './chunk-compare.js';

const bdls = listFixtures('j3d', /\.bdl$/).map((p) => p.split('/').pop()!);

function rewriteBoth(bytes: Uint8Array, file: J3dFile): J3dFile {
  const withMat3 = replaceChunk(bytes, file, 'MAT3', writeMat3(file.MAT3));
  return readJ3d(replaceChunk(withMat3, readJ3d(withMat3), 'MDL3', writeMdl3(file.MDL3!)));
}

const readChunk = (chunk: Uint8Array) => readMdl3(new BinaryReader(chunk, { format: 'j3d', section: 'MDL3' }), []);
const commandsOf = (file: { packets: { commands: unknown[] }[] }) => file.packets.map((p) => p.commands);

describe.skipIf(!haveFixtures)('MDL3 writer on rewritten and changed models', () => {
  for (const name of bdls) {
    it(`${name}: the rewritten file passes the MDL3 check as the original does`, () => {
      const bytes = readFixture('j3d', name);
      const file = readJ3d(bytes);
      const before = checkMdl3(file);
      const after = checkMdl3(rewriteBoth(bytes, file));
      expect(after).toEqual(before);
      if (name.startsWith('nintendo_')) expect(after.flatMap((c) => c.disagreeing)).toEqual([]);
    });
  }

  it('a z-mode change written to both MAT3 and MDL3 comes back and still agrees', () => {
    const bytes = readFixture('j3d', 'nintendo_tww_shms_skinned_C4_C8.bdl');
    const file = readJ3d(bytes);
    const m = file.MAT3.materials[0]!;
    const zMode = { enable: true, func: 7, updateEnable: !m.zMode!.updateEnable };
    const materials = file.MAT3.materials.map((x, i) => (i === 0 ? { ...x, zMode } : x));
    const value = 1 | (7 << 1) | (Number(zMode.updateEnable) << 4);
    const packets = file.MDL3!.packets.map((p, i) =>
      i === 0
        ? {
            ...p,
            commands: p.commands.map((c) => (c.kind === 'BP' && c.address === 0x40 ? { ...c, values: [value] } : c)),
          }
        : p,
    );
    expect(packets[0]!.commands.some((c) => c.kind === 'BP' && c.address === 0x40)).toBe(true);
    const edited: J3dFile = { ...file, MAT3: { ...file.MAT3, materials }, MDL3: { ...file.MDL3!, packets } };
    const back = rewriteBoth(bytes, edited);
    expect(back.MAT3.materials[0]!.zMode).toEqual(zMode);
    expect(back.MDL3!.packets[0]!.bp[0x40]).toBe(value);
    expect(checkMdl3(back).flatMap((c) => c.disagreeing)).toEqual([]);
  });

  it('removes a packet: offsets, sizes and tables are laid out anew', () => {
    const file = readJ3d(readFixture('j3d', 'nintendo_smg_BlueStarCupsulePlanet.bdl'));
    const mdl3 = file.MDL3!;
    const edited = { ...mdl3, packets: mdl3.packets.filter((_, i) => i !== 0), names: mdl3.names.slice(1) };
    const chunk = writeMdl3(edited);
    expect(chunk.length % 0x20).toBe(0);
    const back = readChunk(chunk);
    expect(commandsOf(back)).toEqual(commandsOf(edited));
    expect(back.names).toEqual(edited.names);
    expect(back.packets.map((p) => [p.subpackets, p.matrixIndices, p.unknown0])).toEqual(
      edited.packets.map((p) => [p.subpackets, p.matrixIndices, p.unknown0]),
    );
    expect(back.layout!.indices).toEqual([0, 1, 2, 3, 4]);
    for (const p of back.packets) expect(p.offset % 0x20).toBe(0);
  });

  it('a packet that grows past its stored size moves the packets after it', () => {
    const file = readJ3d(readFixture('j3d', 'nintendo_tww_vr_sky_vtxcolor.bdl'));
    const mdl3 = file.MDL3!;
    const extra = Array.from({ length: 16 }, (_, i) => ({
      kind: 'XF' as const,
      address: 0x1040 + (i % 8),
      values: [i],
    }));
    const packets = mdl3.packets.map((p, i) => (i === 0 ? { ...p, commands: [...p.commands, ...extra] } : p));
    const back = readChunk(writeMdl3({ ...mdl3, packets }));
    expect(commandsOf(back)).toEqual(commandsOf({ packets }));
    expect(back.packets[0]!.size).toBeGreaterThan(mdl3.packets[0]!.size);
    expect(back.packets[0]!.xf[0x1047]).toBe(15);
  });
});
