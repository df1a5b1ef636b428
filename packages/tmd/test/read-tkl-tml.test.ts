import { ParseError } from '@retromodel/binary';
import { buildTkl, buildTml, haveFixtures, readFixture } from '@retromodel/test-utils';
import { readTkl, readTml } from '@retromodel/tmd';
import { describe, expect, it } from 'vitest';
import { loadExpected } from './expected.js';

interface ExpectedTkl {
  name16: string;
  categoryAsJavaReads6: string;
  u32_at4: number;
  remainingAt8: number;
  positions: number;
  rotations: number;
  u32x5_at36: number[];
  positionsHead: number[][];
  rotationsHead: number[][];
}

interface ExpectedTml {
  unknownAt4: number;
  textures: {
    id: number;
    formatId: number;
    width: number;
    height: number;
    dataSize: number;
    unknown1: number;
    unknown2: number;
    unknown3: number;
    unknown4: number;
    dataHeadHex: string;
  }[];
  stringTable: string[];
  materials: { name: string; nameIndex: number; flags: number; textureIds: number[] }[];
}

const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

describe.skipIf(!haveFixtures)('readTkl / readTml against the Java reader dumps', () => {
  it('synth.tkl: header words and both tables', () => {
    const tkl = readTkl(readFixture('tmd', 'synth.tkl'));
    const e = loadExpected<ExpectedTkl>('synth.tkl');
    expect(tkl.name).toBe(e.name16);
    expect(tkl.name.slice(0, 6)).toBe(e.categoryAsJavaReads6); // [J] reads only 6 characters
    expect([tkl.unknown, tkl.remainingBytes, tkl.numPositions, tkl.numRotations]).toEqual([
      e.u32_at4,
      e.remainingAt8,
      e.positions,
      e.rotations,
    ]);
    expect([tkl.numScales, tkl.positionSize, tkl.rotationSize, tkl.scaleSize, tkl.dataLen]).toEqual(e.u32x5_at36);
    e.positionsHead.forEach((p, i) => {
      p.forEach((v, k) => {
        expect(tkl.positions[i * 3 + k]).toBeCloseTo(v, 6);
      });
    });
    e.rotationsHead.forEach((q, i) => {
      q.forEach((v, k) => {
        expect(tkl.rotations[i * 4 + k]).toBeCloseTo(v, 6);
      });
    });
    expect(tkl.diagnostics).toEqual([]);
  });

  it('synth.tml: texture records, name table and materials', () => {
    const tml = readTml(readFixture('tmd', 'synth.tml'));
    const e = loadExpected<ExpectedTml>('synth.tml');
    expect(tml.type).toBe(e.unknownAt4);
    expect(tml.textures.length).toBe(e.textures.length);
    for (const et of e.textures) {
      const t = tml.textures.find((x) => x.id === et.id)!;
      expect([t.format, t.width, t.height, t.dataSize]).toEqual([et.formatId, et.width, et.height, et.dataSize]);
      expect([t.unknown1, t.unknown2, t.unknown3, t.unknown4]).toEqual([
        et.unknown1,
        et.unknown2,
        et.unknown3,
        et.unknown4,
      ]);
      expect(hexOf(t.data.subarray(0, 16))).toBe(et.dataHeadHex);
    }
    // [J]'s writer stores the textures in descending id order.
    expect(tml.textures.map((t) => t.id)).toEqual([2, 1, 0]);
    expect(tml.names).toEqual(e.stringTable);
    expect(
      tml.materials.map((m) => ({ name: m.name, nameIndex: m.nameIndex, flags: m.flags, textureIds: m.textureIds })),
    ).toEqual(
      e.materials.map((m) => ({ name: m.name, nameIndex: m.nameIndex, flags: m.flags, textureIds: m.textureIds })),
    );
  });
});

describe('readTkl / readTml on built files', () => {
  it('round-trips the tables a builder writes', () => {
    const tkl = readTkl(
      buildTkl(
        'dhbja',
        [[1, 2, 3]],
        [
          [0, 0, 0, 1],
          [0.5, 0.5, 0.5, 0.5],
        ],
      ),
    );
    expect(tkl.name).toBe('dhbja');
    expect(Array.from(tkl.positions)).toEqual([1, 2, 3]);
    expect(Array.from(tkl.rotations)).toEqual([0, 0, 0, 1, 0.5, 0.5, 0.5, 0.5]);
    expect(tkl.diagnostics).toEqual([]);
  });

  it('rejects tables larger than the file with a ParseError', () => {
    const bytes = buildTkl('x', [[0, 0, 0]], []);
    new DataView(bytes.buffer).setUint32(28, 1000, true);
    expect(() => readTkl(bytes)).toThrowError(ParseError);
    expect(() => readTkl(bytes)).toThrowError(/tkl tables @0x38: positions \(1000 × 12 bytes\) runs past the end/);
  });

  it('reads materials with several textures and resolves their names through the sorted name table', () => {
    const tml = readTml(
      buildTml(
        [{ id: 5, format: 0, width: 1, height: 1, data: new Uint8Array([1, 2, 3, 4]) }],
        [
          { name: 'Zeta', flags: 0x4004, textureIds: [5, 5] },
          { name: 'alpha', textureIds: [] },
        ],
      ),
    );
    expect(tml.names).toEqual(['alpha', 'Zeta']);
    expect(tml.materials.map((m) => [m.name, m.nameIndex, m.flags, m.textureIds])).toEqual([
      ['Zeta', 1, 0x4004, [5, 5]],
      ['alpha', 0, 0, []],
    ]);
    expect(Array.from(tml.textures[0]!.data)).toEqual([1, 2, 3, 4]);
  });

  it('rejects a texture whose dataSize runs past the end', () => {
    const bytes = buildTml([{ id: 0, format: 0, width: 1, height: 1, data: new Uint8Array(4) }], []);
    new DataView(bytes.buffer).setUint32(16, 0x10000, true);
    expect(() => readTml(bytes)).toThrowError(/tml textures @0x28: texture 0 data runs past the end/);
  });
});
