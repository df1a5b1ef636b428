/*
 * Names in string tables are found within MAX_NAME_BYTES (1023) of where they start, so a table's work is at
 * most its entries times that, however its bytes lie. Before, every entry scanned to the first NUL and decoded
 * what it passed: a 1.3 MB U8 whose 20,000 nodes all name one 1 MB run took 4 GB and crashed `retromodel ls`,
 * and a J3D TEX1 whose name table offset was 0 (a fuzz case of the shared course) read 21,573 names of up to
 * 2 MB each (26 s, then out of memory). The bound holds both ways: a name of 1023 bytes reads, one of 1024 is a
 * ParseError naming where it starts; the J3D writer refuses a longer name (its reader would not take the file);
 * a T3DM (tiny3d writes any length) gives a longer string's first 1023 bytes.
 */
import { openArchive } from '@retromodel/archive';
import { MAX_NAME_BYTES, ParseError } from '@retromodel/binary';
import { j3dToScene, readJ3d, sceneToJ3d, writeJ3d } from '@retromodel/j3d';
import { stringAt } from '@retromodel/t3dm/internal';
import { buildRarc, buildSampleBmd, buildU8 } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

const file = (name: string) => ({ name, bytes: Uint8Array.of(1, 2, 3) });

/** A U8 (spec archives.md: 0x20 header, 12-byte nodes, then the name pool) of `nodes` files all named by pool offset 0. */
function u8AllNamingOneRun(nodes: number, run: number): Uint8Array {
  const pool = new Uint8Array(run + 1).fill(0x41);
  pool[run] = 0;
  const headerSize = nodes * 12 + pool.length;
  const dataOffset = (0x20 + headerSize + 31) & ~31;
  const bytes = new Uint8Array(dataOffset);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x55aa382d);
  view.setUint32(4, 0x20);
  view.setUint32(8, headerSize);
  view.setUint32(12, dataOffset);
  view.setUint32(0x20, 0x01000000);
  view.setUint32(0x28, nodes);
  bytes.set(pool, 0x20 + nodes * 12);
  return bytes;
}

describe('names in string tables are bounded', () => {
  it('a U8 of 20,000 nodes naming one 1 MB run without a NUL is a ParseError, not gigabytes', () => {
    const bytes = u8AllNamingOneRun(20_000, 1 << 20);
    expect(() => openArchive(bytes)).toThrowError(ParseError);
    expect(() => openArchive(bytes)).toThrowError(
      /u8 nodes @0x20: name at pool offset 0x0 has no terminating NUL within 1023 bytes/,
    );
  });

  it('2,000 U8 nodes naming one 1023-byte name read, each that name', () => {
    const bytes = u8AllNamingOneRun(2_000, MAX_NAME_BYTES);
    const tree = openArchive(bytes);
    expect(tree.root.children).toHaveLength(1_999);
    expect(tree.root.children.every((c) => c.name.length === MAX_NAME_BYTES)).toBe(true);
  });

  for (const [format, build] of [
    ['U8', buildU8],
    ['RARC', buildRarc],
  ] as const)
    it(`${format}: an entry name of 1023 bytes reads; one of 1024 is a ParseError`, () => {
      const fits = openArchive(build([file('a'.repeat(MAX_NAME_BYTES))]));
      expect(fits.root.children[0]!.name).toHaveLength(MAX_NAME_BYTES);
      expect(() => openArchive(build([file('a'.repeat(MAX_NAME_BYTES + 1))]))).toThrowError(
        /has no terminating NUL within 1023 bytes/,
      );
    });

  it('J3D: a joint name of 1023 bytes goes through the writer and back; one of 1024 the writer refuses', () => {
    const scene = j3dToScene(readJ3d(buildSampleBmd())).scene;
    const joint = scene.nodes.findIndex((n) => n.name === 'hinge');
    scene.nodes[joint]!.name = 'j'.repeat(MAX_NAME_BYTES);
    const back = readJ3d(writeJ3d(sceneToJ3d(scene).file));
    expect(back.JNT1?.joints.map((j) => j.name)).toContain('j'.repeat(MAX_NAME_BYTES));
    scene.nodes[joint]!.name = 'j'.repeat(MAX_NAME_BYTES + 1);
    expect(() => writeJ3d(sceneToJ3d(scene).file)).toThrowError(/is 1024 bytes, more than the 1023/);
  });

  it('T3DM: a string over 1023 bytes gives its first 1023, at any offset; one with no NUL at all none', () => {
    const table = new Uint8Array(2 + (1 << 20)).fill(0x61);
    table[0] = 0x53;
    table[table.length - 1] = 0;
    let total = 0;
    for (let offset = 1; offset < 20_001; offset++) total += stringAt(table, offset)!.length;
    expect(total).toBe(20_000 * MAX_NAME_BYTES);
    expect(stringAt(table, table.length - 3)).toBe('a'.repeat(2));
    expect(stringAt(table.subarray(0, table.length - 1), 1)).toBeUndefined();
  });
});
