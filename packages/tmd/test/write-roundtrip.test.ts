/*
 * The writers mirror the readers: writeTmd(readTmd(b)), writeTkl(readTkl(b)) and writeTml(readTml(b)) give every
 * shared fixture back byte for byte, and files the independent test builder lays out (the aux variant, a
 * non-zero salt, name fields with bytes after the NUL) as well.
 */
import { sameBytes } from '@retromodel/binary';
import { buildTkl, buildTmd, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { readTkl, readTmd, readTml, type TmdAnimation, writeTkl, writeTmd, writeTml } from '@retromodel/tmd';
import { describe, expect, it } from 'vitest';

const shared = haveFixtures ? listFixtures('tmd', /\.(tmd|tkl|tml)$/) : [];

/** Where two byte arrays first differ, for a readable failure. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

describe.skipIf(!haveFixtures)('writers give every shared TMD, TKL and TML back byte for byte', () => {
  it('finds the shared files', () => {
    expect(shared.length).toBeGreaterThanOrEqual(7);
  });
  for (const name of shared) {
    it(name, () => {
      const bytes = readFixture(name);
      const out = name.endsWith('.tmd')
        ? writeTmd(readTmd(bytes))
        : name.endsWith('.tkl')
          ? writeTkl(readTkl(bytes))
          : writeTml(readTml(bytes));
      expect(firstDifference(out, bytes), `first differing byte of ${name}`).toBe(-1);
      expect(sameBytes(out, bytes)).toBe(true);
    });
  }
});

/** A small skinned TMD with an animation, built by the test builder (not the package's writer). */
function built(aux: boolean, salt: number): Uint8Array {
  return buildTmd({
    tklName: 'Dhbja',
    salt,
    ...(aux ? { aux: [7, -1, 3] } : {}),
    unk2_1: 41,
    unk2_2: 9,
    nodes: [
      { name: 'Scene_Root', parent: -1 },
      { name: 'D_Spine_fifteen', parent: 0, translation: [0, 0, 1], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] },
      { name: 'D_Head', parent: 1, translation: [0, 1, 0], flag: 1 },
    ],
    animations: [
      {
        name: 'Walk_lp',
        flagA: 1,
        duration: 1.5,
        channels: [
          { flags: 0, keys: [{ time: 0, posKey: 0, rotKey: 1 }] },
          {
            flags: 1,
            keys: [
              { time: 0, posKey: 1, rotKey: 0 },
              { time: 1.5, posKey: 2, rotKey: 2 },
            ],
          },
        ],
      },
      { name: 'Idle_Lp', duration: 0.5, channels: [] },
    ],
    lodHeader: 30,
    levels: [
      {
        meshes: [
          {
            material: 'dino_skin',
            pieces: [
              {
                boneNodeIds: [0, 1],
                vertices: [
                  { position: [0, 0, 0], weights: [255], slots: [0] },
                  { position: [1, 0, 0], weights: [128, 127], slots: [1, 0] },
                  { position: [0, 1, 0], weights: [255], slots: [1] },
                  { position: [1, 1, 0], uv: [0.5, -0.25] },
                ],
                strip: [0, 1, 2, 3],
              },
              { boneNodeIds: [2], vertices: [], strip: [1, 2, 3] },
            ],
          },
        ],
      },
    ],
  });
}

describe('writers rewrite files laid out by the independent test builder', () => {
  for (const [aux, salt] of [
    [false, 0],
    [false, 0x2468],
    [true, 0x10000],
  ] as const) {
    it(`a TMD ${aux ? 'with' : 'without'} the aux block, salt ${salt.toString(16)}`, () => {
      const bytes = built(aux, salt);
      const file = readTmd(bytes);
      expect(file.scene.hasAux).toBe(aux);
      expect(firstDifference(writeTmd(file), bytes)).toBe(-1);
    });
  }

  it('keeps bytes after the NUL of every name field, the reserved areas and trailing bytes', () => {
    const bytes = built(false, 0x1c);
    const file = readTmd(bytes);
    const dirty = new Uint8Array(bytes.length + 3);
    dirty.set(bytes);
    dirty.set([1, 2, 3], bytes.length); // trailing bytes, counted by the remaining-bytes field
    new DataView(dirty.buffer).setUint32(8, dirty.length - 12, true);
    dirty[12 + 8] = 0x49; // the TKL name's tail ("version magic")
    dirty[48] = 5; // reserved @44
    dirty[100] = 6; // reserved @72
    dirty[file.scene.nodeArrayOffset + 145 + 14] = 0x7a; // after "Scene_Root"'s NUL
    dirty[file.animations[0]!.offset + 1 + 12] = 0x41; // after "Walk_lp"'s NUL
    dirty[file.lod.levels[0]!.meshes[0]!.offset + 12 + 20] = 0x42; // after "dino_skin"'s NUL
    const reread = readTmd(dirty);
    expect(reread.nodes[0]!.name).toBe('Scene_Root');
    expect(reread.animations[0]!.name).toBe('Walk_lp');
    expect(reread.lod.levels[0]!.meshes[0]!.material).toBe('dino_skin');
    expect(firstDifference(writeTmd(reread), dirty)).toBe(-1);
  });

  it('keeps a layout other than the writers’ (records out of table order, bytes between parts)', () => {
    const file = readTmd(built(true, 0x40));
    const [walk, idle] = file.animations as [TmdAnimation, TmdAnimation];
    // Lay the second record (and its channels) out first, with 6 bytes before the first and 3 before the LOD block.
    const order = [idle, ...idle.channels, walk, ...walk.channels];
    order.forEach((part, i) => {
      part.offset = 1000 + i;
    });
    file.gaps = [
      { before: walk.offset, bytes: Uint8Array.of(1, 2, 3, 4, 5, 6) },
      { before: 5000, bytes: Uint8Array.of(7, 8, 9) },
    ];
    file.lod.offset = 5000;
    const odd = writeTmd(file);
    const reread = readTmd(odd);
    expect(reread.animations[1]!.offset).toBeLessThan(reread.animations[0]!.offset);
    expect(reread.gaps?.map((g) => Array.from(g.bytes))).toEqual([
      [1, 2, 3, 4, 5, 6],
      [7, 8, 9],
    ]);
    expect(firstDifference(writeTmd(reread), odd)).toBe(-1);
  });

  it('writes an edited name NUL-padded instead of the kept field', () => {
    const bytes = built(false, 0);
    const dirty = bytes.slice();
    const file = readTmd(bytes);
    dirty[file.scene.nodeArrayOffset + 145 + 14] = 0x7a;
    const edited = readTmd(dirty);
    edited.nodes[0]!.name = 'Root';
    const out = readTmd(writeTmd(edited));
    expect(out.nodes[0]!.name).toBe('Root');
    expect(out.nodes[0]!.nameField).toBeUndefined();
  });

  it('a TKL with a name tail and bytes after its tables', () => {
    const bytes = buildTkl('Dhbja', [[1, 2, 3]], [[0, 0, 0, 1]]);
    const dirty = new Uint8Array(bytes.length + 4);
    dirty.set(bytes);
    dirty[12 + 10] = 0x33;
    dirty.set([9, 9, 9, 9], bytes.length);
    new DataView(dirty.buffer).setUint32(8, dirty.length - 12, true);
    expect(firstDifference(writeTkl(readTkl(dirty)), dirty)).toBe(-1);
  });
});
