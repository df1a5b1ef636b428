/*
 * SHP1 writer: every shared model's SHP1 rewrites byte for byte; an edited bounding box changes only its own
 * bytes; without its layout, with a shape removed, with a shape added or with a primitive changed the tables
 * are rebuilt (0x20-aligned display lists, one descriptor list per distinct attribute list) and the file reads
 * back to the same shapes; files made by the independent test builder (DIRECT colours, NBT, 0xFFFF matrix
 * entries, QUADS/lines/points) also rewrite byte for byte and rebuild to the same shapes.
 */
import { BinaryReader } from '@retromodel/binary';
import { buildBmd, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { type J3dShape, readShp1, type Shp1 } from '../../src/chunks/read-shp1.js';
import { writeShp1 } from '../../src/chunks/write-shp1.js';
import { type J3dFile, readJ3d } from '../../src/index.js';
import { primitiveColumns } from '../primitive-columns.js';
import { chunkBytes, describeDifference, replaceChunk } from '../write-materials/chunk-compare.js';
import { builderModels } from './builder-models.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

/** What a shape means, without where it was stored. */
const meaning = (shapes: J3dShape[]) =>
  shapes.map((s) => ({
    matrixType: s.matrixType,
    attributes: s.attributes,
    boundingRadius: s.boundingRadius,
    bboxMin: s.bboxMin,
    bboxMax: s.bboxMax,
    packets: s.packets.map((p) => ({
      useMtxIndex: p.useMtxIndex,
      matrixTable: p.matrixTable,
      primitives: primitiveColumns(p, s.vertexLayout),
    })),
  }));

/** The file with SHP1 replaced by `shp1` written, with hierarchy nodes naming a shape ≥ `shapeCount` set to 0. */
function spliced(bytes: Uint8Array, file: J3dFile, shp1: Shp1, shapeCount = shp1.shapes.length): Uint8Array {
  const out = replaceChunk(bytes, file, 'SHP1', writeShp1(shp1));
  const inf1 = file.chunks.find((c) => c.tag === 'INF1')!;
  const view = new DataView(out.buffer);
  file.INF1.hierarchy.forEach((node, i) => {
    if (node.type === 0x12 && node.index >= shapeCount)
      view.setUint16(inf1.offset + file.INF1.hierarchyOffset + i * 4 + 2, 0);
  });
  return out;
}

/** Checks the rebuilt layout of `back`: 0x20-aligned lists, each distinct descriptor list stored once. */
function expectCanonical(back: Shp1): void {
  const layout = back.layout!;
  expect(layout.offsets[5]! % 0x20).toBe(0);
  for (const p of layout.packets) expect([p.offset % 0x20, p.size % 0x20]).toEqual([0, 0]);
  const distinct = new Set(back.shapes.map((s) => JSON.stringify(s.attributes)));
  expect(new Set(layout.shapes.map((e) => e.descriptorOffset)).size).toBe(distinct.size);
}

const loaded = new Map<string, { bytes: Uint8Array; file: J3dFile }>();
function load(name: string): { bytes: Uint8Array; file: J3dFile } {
  let x = loaded.get(name);
  if (!x) {
    const bytes = readFixture('j3d', name);
    x = { bytes, file: readJ3d(bytes) };
    loaded.set(name, x);
  }
  return x;
}

describe.skipIf(!haveFixtures)('SHP1 writer', () => {
  it('finds the seven shared models', () => expect(models.length).toBe(7));

  for (const name of models) {
    it(`${name}: SHP1 rewrites byte for byte`, () => {
      const { bytes, file } = load(name);
      expect(file.SHP1.layout).toBeDefined();
      expect(describeDifference(writeShp1(file.SHP1), chunkBytes(bytes, file, 'SHP1'))).toBe('');
    });

    it(`${name}: an edited bounding box changes only its own bytes`, () => {
      const { bytes, file } = load(name);
      const shapes = file.SHP1.shapes.map((s, i) => (i === 0 ? { ...s, bboxMax: [1.5, 2.5, -3.5] as const } : s));
      const chunk = writeShp1({ ...file.SHP1, shapes: shapes as J3dShape[] });
      const stored = chunkBytes(bytes, file, 'SHP1');
      const entry = file.SHP1.layout!.offsets[0]! + 0x1c;
      const changed = [...chunk.keys()].filter((i) => chunk[i] !== stored[i]);
      expect(chunk.length).toBe(stored.length);
      expect(changed.every((i) => i >= entry && i < entry + 12)).toBe(true);
      expect(readJ3d(replaceChunk(bytes, file, 'SHP1', chunk)).SHP1.shapes[0]!.bboxMax).toEqual([1.5, 2.5, -3.5]);
    });

    it(`${name}: without its layout SHP1 is rebuilt and reads back to the same shapes`, () => {
      const { bytes, file } = load(name);
      const back = readJ3d(spliced(bytes, file, { ...file.SHP1, layout: undefined }));
      expect(meaning(back.SHP1.shapes)).toEqual(meaning(file.SHP1.shapes));
      expect(back.SHP1.remap).toEqual(file.SHP1.remap);
      expectCanonical(back.SHP1);
    });

    it(`${name}: with its last shape removed SHP1 is rebuilt and reads back to the other shapes`, () => {
      const { bytes, file } = load(name);
      const shapes = file.SHP1.shapes.slice(0, -1);
      const edited = { ...file.SHP1, shapes, remap: file.SHP1.remap.slice(0, -1) };
      // A model left without shapes fails INF1's shape check, so its chunk is read on its own.
      const back =
        shapes.length > 0
          ? readJ3d(spliced(bytes, file, edited)).SHP1
          : readShp1(new BinaryReader(writeShp1(edited), { format: 'j3d', section: 'SHP1' }), file.VTX1);
      expect(meaning(back.shapes)).toEqual(meaning(shapes));
      expectCanonical(back);
    });
  }

  it('a shape added (a copy of the first) is written after the others', () => {
    const bytes = readFixture('j3d', 'nintendo_smg_BlueStarCupsulePlanet.bdl');
    const file = readJ3d(bytes);
    const shapes = [...file.SHP1.shapes, file.SHP1.shapes[0]!];
    const remap = shapes.map((_, i) => i);
    const back = readJ3d(spliced(bytes, file, { ...file.SHP1, shapes, remap }));
    expect(meaning(back.SHP1.shapes)).toEqual(meaning(shapes));
    expect(back.SHP1.layout!.shapes.at(-1)!.descriptorOffset).toBe(back.SHP1.layout!.shapes[0]!.descriptorOffset);
    expectCanonical(back.SHP1);
  });

  it('a changed primitive (a strip turned into a fan) is re-encoded and reads back', () => {
    const bytes = readFixture('j3d', 'nintendo_tww_shms_skinned_C4_C8.bdl');
    const file = readJ3d(bytes);
    const shapes = structuredClone(file.SHP1.shapes);
    const packet = shapes[1]!.packets[0]!;
    const prim = packet.primitives[0]!;
    expect(prim.type).toBe('TRIANGLE_STRIP');
    prim.type = 'TRIANGLE_FAN';
    // Its positions in reverse order.
    const { columns, indexStride } = shapes[1]!.vertexLayout;
    const at = (v: number) => (prim.first + v) * indexStride + columns.find((c) => c.attr === 9)!.offset;
    const pos = Array.from({ length: prim.vertexCount }, (_, v) => packet.indices[at(v)]!);
    pos.reverse().forEach((index, v) => {
      packet.indices[at(v)] = index;
    });
    const back = readJ3d(spliced(bytes, file, { ...file.SHP1, shapes }));
    expect(back.SHP1.shapes[1]!.packets[0]!.primitives[0]!.opcode).toBe(0xa0);
    prim.opcode = 0xa0;
    expect(meaning(back.SHP1.shapes)).toEqual(meaning(shapes));
  });
});

describe.skipIf(!haveFixtures)('SHP1 writer on a crafted chunk', () => {
  it("a shape pointing at another shape's descriptor, group and packet rewrites byte for byte", () => {
    const bytes = readFixture('j3d', 'nintendo_smg_BlueStarCupsulePlanet.bdl').slice();
    const original = readJ3d(bytes);
    const shp1 = original.chunks.find((c) => c.tag === 'SHP1')!;
    const entry = shp1.offset + original.SHP1.layout!.offsets[0]! + 0x28;
    const view = new DataView(bytes.buffer);
    for (const field of [4, 6, 8]) view.setUint16(entry + field, 0);
    const file = readJ3d(bytes);
    // Packet 1's display list and group 1 are now used by no shape; they stay where they were.
    expect(file.SHP1.layout!.unusedDisplayLists.length).toBe(1);
    expect(meaning(file.SHP1.shapes.slice(1, 2))[0]!.packets).toEqual(
      meaning(file.SHP1.shapes.slice(0, 1))[0]!.packets,
    );
    expect(describeDifference(writeShp1(file.SHP1), chunkBytes(bytes, file, 'SHP1'))).toBe('');
  });
});

describe('SHP1 writer on builder-made files', () => {
  for (const [label, description] of Object.entries(builderModels)) {
    it(`${label}: SHP1 rewrites byte for byte and rebuilds to the same shapes`, () => {
      const bytes = buildBmd(description);
      const file = readJ3d(bytes);
      expect(describeDifference(writeShp1(file.SHP1), chunkBytes(bytes, file, 'SHP1'))).toBe('');
      const back = readJ3d(replaceChunk(bytes, file, 'SHP1', writeShp1({ ...file.SHP1, layout: undefined })));
      expect(meaning(back.SHP1.shapes)).toEqual(meaning(file.SHP1.shapes));
      expectCanonical(back.SHP1);
    });
  }
});
