import { ParseError } from '@retromodel/binary';
import { buildTmd, haveFixtures, readFixture, type TmdDescription } from '@retromodel/test-utils';
import { readTmd, type TmdFile } from '@retromodel/tmd';
import { describe, expect, it } from 'vitest';
import { loadBlenderSummary, loadExpected } from './expected.js';

const dumped = ['synth_min', 'synth_2lod_2piece', 'synth_chain40_base', 'synth_repack_bigstrip'];

function close(actual: ArrayLike<number>, expected: number[], what: string, tol = 1e-6): void {
  expect(actual.length, what).toBe(expected.length);
  for (let i = 0; i < expected.length; i++)
    expect(Math.abs(actual[i]! - expected[i]!), `${what}[${i}]`).toBeLessThanOrEqual(
      tol * Math.max(1, Math.abs(expected[i]!)),
    );
}

describe.skipIf(!haveFixtures)('readTmd against the OpenJPOG Java reader dumps', () => {
  for (const name of dumped) {
    it(`${name}.tmd: header, nodes, animations and LOD block`, () => {
      const bytes = readFixture('tmd', `${name}.tmd`);
      const exp = loadExpected(`${name}.tmd`);
      const tmd: TmdFile = readTmd(bytes);
      const h = exp.header;
      // [J] reads bytes 12..27 as char[8] category + u64 "version magic"; the spec reads char[16] (MANIFEST deviation).
      expect(tmd.header.tklName).toBe(h.category);
      expect(new DataView(tmd.header.tklNameRaw.buffer, tmd.header.tklNameRaw.byteOffset).getBigUint64(8, true)).toBe(
        BigInt(h.versionMagic),
      );
      expect(tmd.header.sceneBlockSize).toBe(h.sceneBlockSize);
      expect(tmd.scene.sceneBlockSize).toBe(h.sceneBlockSize);
      expect(tmd.header.salt).toBe(h.salt);
      expect([tmd.header.unk2_1, tmd.header.unk2_2]).toEqual([h.unk2_1, h.unk2_2]);
      expect(tmd.header.remainingBytes).toBe(h.fileLength);
      expect([tmd.scene.numNodes, tmd.scene.numAnimations, tmd.scene.u3, tmd.scene.u4]).toEqual([
        h.numNodes,
        h.numAnimations,
        h.numS1,
        h.numS2,
      ]);
      expect(tmd.scene.hasAux).toBe(h.hasAuxNodeData);
      expect(tmd.scene.nodeArrayOffset).toBe(h.nodeArrayOffset);
      expect(tmd.scene.animationTableOffset).toBe(h.animationDataOffset);
      expect(tmd.lod.offset).toBe(h.meshBlockOffset);
      expect(tmd.diagnostics).toEqual([]);

      expect(tmd.nodes.length).toBe(exp.nodes.length);
      exp.nodes.forEach((en, i) => {
        const n = tmd.nodes[i]!;
        expect(n.name).toBe(en.name);
        expect(n.nameLength).toBe(en.nameLenByte);
        expect(n.parent).toBe(en.parent);
        expect(n.flag === 1).toBe(en.noMesh);
        close(n.rotation, en.quat, `${en.name} quat`);
        close(n.translation, en.translation, `${en.name} translation`);
        close(n.bindMatrix, en.bindFileOrder, `${en.name} bind`);
        close(n.inverseBindMatrix, en.invBindFileOrder, `${en.name} inverse bind`);
      });

      expect(tmd.animations.length).toBe(exp.animations.length);
      exp.animations.forEach((ea, a) => {
        const an = tmd.animations[a]!;
        expect([an.name, an.flagA !== 0, an.flagB !== 0, an.unk3]).toEqual([ea.name, ea.flagA, ea.flagB, ea.unk3]);
        expect(an.duration).toBeCloseTo(ea.length, 6);
        ea.channels.forEach((ec) => {
          const ch = an.channels[ec.node]!;
          expect(ch.flags).toBe(ec.flags);
          expect(ch.times.length).toBe(ec.frames);
          close(
            ch.times,
            ec.keys.map((k) => k.t),
            'times',
          );
          expect(Array.from(ch.positionKeys)).toEqual(ec.keys.map((k) => k.posKey));
          expect(Array.from(ch.rotationKeys)).toEqual(ec.keys.map((k) => k.rotKey));
        });
      });

      expect(tmd.lod.lodHeader).toBe(exp.lodHeader.asInt);
      expect(tmd.lod.lodHeaderFloat).toBe(exp.lodHeader.asFloat);
      expect(tmd.lod.levels.length).toBe(exp.lods.length);
      exp.lods.forEach((el, l) => {
        const level = tmd.lod.levels[l]!;
        expect(level.unk1).toBe(el.unk1);
        close(level.unk2, el.unk2, 'level unk2');
        expect(level.meshes.length).toBe(el.meshes.length);
        el.meshes.forEach((em, m) => {
          const mesh = level.meshes[m]!;
          expect([mesh.material, mesh.pieceCount, mesh.totalStripLen, mesh.totalVerts]).toEqual([
            em.material,
            em.pieceCount,
            em.totalStrip,
            em.totalVerts,
          ]);
          em.pieces.forEach((ep, p) => {
            const piece = mesh.pieces[p]!;
            expect([piece.stripLen, piece.vertCount, piece.vertsRequired]).toEqual([
              ep.stripLen,
              ep.vertCount,
              ep.vertsRequired,
            ]);
            expect(Array.from(piece.boneNodeIds)).toEqual(ep.boneNodeIds);
            close(piece.bboxCenter, ep.bboxCenter, 'bbox centre');
            close(piece.bboxExtents, ep.bboxExtents, 'bbox extents');
            expect(Array.from(piece.strip)).toEqual(ep.strip);
            const v = piece.vertices;
            close(
              v.positions,
              ep.verts.flatMap((x) => x.pos),
              'positions',
            );
            close(
              v.normals,
              ep.verts.flatMap((x) => x.nrm),
              'normals',
            );
            close(
              v.uvs,
              ep.verts.flatMap((x) => x.uv),
              'uvs',
            );
            expect(Array.from(v.weights)).toEqual(ep.verts.flatMap((x) => x.w));
            expect(Array.from(v.boneBytes)).toEqual(ep.verts.flatMap((x) => x.b));
          });
        });
      });
    });
  }

  it('synth_repack_tube.tmd (the Java reader crashes on it): reads, and matches the second reader', () => {
    expect(loadExpected<{ javaError: string }>('synth_repack_tube.tmd').javaError).toMatch(/ArrayIndexOutOfBounds/);
    const tmd = readTmd(readFixture('tmd', 'synth_repack_tube.tmd'));
    const s = loadBlenderSummary('synth_repack_tube.tmd');
    expect(tmd.header.tklName).toBe(s.tkl);
    expect(tmd.header.salt).toBe(s.salt);
    expect(tmd.nodes.map((n) => n.name)).toEqual(s.nodes);
    expect(
      tmd.animations.map((a) => [
        a.name,
        a.flagA,
        a.flagB,
        a.unk3,
        a.duration,
        a.channels.map((c) => [c.flags, c.times.length]),
      ]),
    ).toEqual(s.anims);
    expect(tmd.lod.lodHeaderFloat).toBe(s.lodHeader);
    expect(
      tmd.lod.levels.map((l) =>
        l.meshes.map((m) => [
          m.material,
          m.pieceCount,
          m.totalStripLen,
          m.totalVerts,
          m.pieces.reduce((n, p) => n + p.vertCount, 0),
        ]),
      ),
    ).toEqual(s.lods.map((l) => l.map((m) => m.slice(0, 5))));
  });

  it('every fixture agrees with the second (jpog-blender offsets) reader', () => {
    for (const name of [...dumped, 'synth_repack_tube']) {
      const tmd = readTmd(readFixture('tmd', `${name}.tmd`));
      const s = loadBlenderSummary(`${name}.tmd`);
      expect(s.remaining_ok).toBe(tmd.header.remainingBytes === readFixture('tmd', `${name}.tmd`).length - 12);
      expect(tmd.nodes.map((n) => n.name)).toEqual(s.nodes);
      expect(tmd.lod.end).toBe(readFixture('tmd', `${name}.tmd`).length);
    }
  });
});

const tiny: TmdDescription = {
  tklName: 'tiny',
  salt: 0x2468,
  nodes: [
    { name: 'root', parent: -1 },
    { name: 'child', parent: 0, translation: [0, 1, 0], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] },
  ],
  animations: [{ name: 'Idle_Lp', duration: 1, channels: [{ flags: 0, keys: [{ time: 0, posKey: 0, rotKey: 1 }] }] }],
  levels: [
    {
      meshes: [
        {
          material: 'm',
          pieces: [
            {
              boneNodeIds: [0],
              vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }],
              strip: [0, 1, 2],
            },
          ],
        },
      ],
    },
  ],
};

describe('readTmd on built files', () => {
  it('reads the variant without the aux block (P0 decodes to 124)', () => {
    const tmd = readTmd(buildTmd(tiny));
    expect(tmd.scene.hasAux).toBe(false);
    expect(tmd.scene.nodeArrayOffset).toBe(124);
    expect(tmd.scene.pointers.map((p) => p.offset)).toEqual([124, 124 + 2 * 176]);
    expect(tmd.scene.pointers[0]!.raw).toBe(124 + 0x2468 - 60);
    expect(tmd.nodes.map((n) => n.name)).toEqual(['root', 'child']);
    expect(tmd.animations[0]!.channels[1]!.flags).toBe(2);
    expect(tmd.diagnostics).toEqual([]);
  });

  it('reads the aux variant: a 128-byte header, P0 = aux block, P1 = nodes, P2 = animation table', () => {
    const tmd = readTmd(buildTmd({ ...tiny, aux: [7, -3] }));
    expect(tmd.scene.hasAux).toBe(true);
    expect(tmd.scene.auxOffset).toBe(128);
    expect(Array.from(tmd.aux!)).toEqual([7, -3]);
    expect(tmd.scene.nodeArrayOffset).toBe(136);
    expect(tmd.scene.animationTableOffset).toBe(136 + 2 * 176);
    expect(tmd.nodes[1]!.name).toBe('child');
    expect(tmd.animations[0]!.name).toBe('Idle_Lp');
    expect(tmd.lod.levels[0]!.meshes[0]!.pieces[0]!.strip.length).toBe(3);
  });

  it('a salted pointer outside the file is a ParseError naming the block and the decoded offset', () => {
    const bytes = buildTmd(tiny);
    const view = new DataView(bytes.buffer);
    const bad = bytes.slice();
    new DataView(bad.buffer).setUint32(120, 0x2468 - 60 + 0x99999, true); // P1: animation table → 0x99999
    expect(() => readTmd(bad)).toThrowError(ParseError);
    try {
      readTmd(bad);
    } catch (e) {
      const err = e as ParseError;
      expect(err.section).toBe('animation table');
      expect(err.offset).toBe(120);
      expect(err.message).toContain('0x99999');
    }
    const badSalt = bytes.slice();
    // salt: every pointer moves back below the scene block, which modulo 2^32 is far past the end of the file
    new DataView(badSalt.buffer).setUint32(32, view.getUint32(32, true) + 0x1000, true);
    expect(() => readTmd(badSalt)).toThrowError(/decodes to file offset 0xfffff\w+, outside the file/);
    const badChannel = bytes.slice();
    const anim = tmd0Anim(bytes);
    new DataView(badChannel.buffer).setUint32(anim + 32, 0xfffffff0, true);
    expect(() => readTmd(badChannel)).toThrowError(/tmd channel @0x[0-9a-f]+: the channel pointer 0xfffffff0/);
  });

  it('reports size mismatches as diagnostics, not errors', () => {
    const bytes = buildTmd(tiny);
    const bad = new Uint8Array(bytes.length + 3);
    bad.set(bytes);
    const tmd = readTmd(bad);
    expect(tmd.diagnostics.map((d) => d.code).sort()).toEqual(['tmd/remaining-bytes', 'tmd/trailing-bytes']);
  });
});

function tmd0Anim(bytes: Uint8Array): number {
  return readTmd(bytes).animations[0]!.offset;
}
