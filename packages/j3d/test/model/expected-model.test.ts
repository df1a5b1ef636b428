/*
 * Every shared BMD/BDL against noclip.website's dump of it (expected/*.json): joints, parents, bind-pose world
 * matrices, envelopes, DRW1, first vertices in model space, per-shape bind-pose bounding boxes of the scene,
 * materials, samplers and totals. Where a value depends on joint rotations, it is compared on a copy using
 * noclip's 0x7FFF rotation divisor (MANIFEST: known deviation), and the spec's /0x8000 values are checked to
 * stay within that deviation's bound.
 */
import { createHash } from 'node:crypto';
import { mat4Compose, mat4Multiply, mat4TransformPoint, type Quat, type Vec3 } from '@retromodel/scene';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { rasChannelOf } from '../../src/gx/ras-channel.js';
import { bindWorldMatrices, j3dToScene, readJ3d, readModelHierarchy, resolveDrawMatrices } from '../../src/internal.js';
import { primitiveColumns } from '../primitive-columns.js';
import { expectedDump, maxDifference, withNoclipRotations } from './noclip-view.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

describe.skipIf(!haveFixtures)('J3D models against noclip dumps', () => {
  it('finds the shared models', () => expect(models.length).toBeGreaterThanOrEqual(7));

  for (const name of models) {
    describe(name, () => {
      const bytes = readFixture('j3d', name);
      const file = readJ3d(bytes);
      const exp = expectedDump(name);
      const noclipFile = withNoclipRotations(file);
      const hierarchy = readModelHierarchy(file, []);
      const world = bindWorldMatrices(
        noclipFile.JNT1.joints,
        hierarchy.jointParents,
        hierarchy.jointOrder,
        file.INF1.matrixCalc,
      );

      it('has the same header, joints and names', () => {
        expect(file.kind).toBe(exp.magic.slice(4));
        expect(file.subVersion).toBe(exp.subversion);
        expect(file.INF1.loadFlags).toBe(exp.loadFlags);
        expect(file.JNT1.joints.map((j) => j.name)).toEqual(exp.joints.map((j: { name: string }) => j.name));
        expect(file.JNT1.joints.map((j) => j.scaleCompensate)).toEqual(
          exp.joints.map((j: { calcFlags: number }) => j.calcFlags),
        );
        expect(file.diagnostics).toEqual([]);
      });

      it('puts every joint under the parent the dump implies', () => {
        // The dump has no parent field; its own bind matrices must satisfy world[j] = world[parent] · local(j)
        // built from its own scale/rotation/translation (with Maya scale compensation when flagged).
        exp.joints.forEach(
          (
            j: {
              scale: Vec3;
              rotationQuat: Quat;
              translation: Vec3;
              calcFlags: number;
              bindWorldMatrixColumnMajor: number[];
            },
            i: number,
          ) => {
            const p = hierarchy.jointParents[i]!;
            const local = mat4Compose([0, 0, 0], j.rotationQuat, j.scale);
            if (p >= 0 && j.calcFlags === 1 && file.INF1.matrixCalc === 'Maya') {
              const ps = exp.joints[p].scale as Vec3;
              for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) local[c * 4 + r] = local[c * 4 + r]! / ps[r]!;
            }
            local[12] = j.translation[0];
            local[13] = j.translation[1];
            local[14] = j.translation[2];
            const parentWorld =
              p >= 0 ? exp.joints[p].bindWorldMatrixColumnMajor : [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
            expect(
              maxDifference(mat4Multiply(parentWorld, local), j.bindWorldMatrixColumnMajor),
              `joint ${i}`,
            ).toBeLessThan(1e-4);
          },
        );
      });

      it('computes the bind-pose world matrices (1e-4 with noclip rotations; spec rotations within the deviation)', () => {
        const spec = bindWorldMatrices(
          file.JNT1.joints,
          hierarchy.jointParents,
          hierarchy.jointOrder,
          file.INF1.matrixCalc,
        );
        exp.joints.forEach((j: { bindWorldMatrixColumnMajor: number[] }, i: number) => {
          expect(maxDifference(world[i]!, j.bindWorldMatrixColumnMajor), `joint ${i}`).toBeLessThan(1e-4);
          const scale = Math.max(1, ...j.bindWorldMatrixColumnMajor.map(Math.abs));
          expect(
            maxDifference(spec[i]!, j.bindWorldMatrixColumnMajor) / scale,
            `joint ${i} (spec divisor)`,
          ).toBeLessThan(1e-4);
        });
      });

      it('reads envelopes and DRW1 as stored', () => {
        expect(file.EVP1.envelopes.map((e) => e.joints.map((j, k) => [j, e.weights[k]]))).toEqual(
          exp.envelopes.map((e: [number, number][]) => e.map(([j, w]) => [j, expect.closeTo(w, 6)])),
        );
        expect(file.DRW1.entries.map((d) => [d.weighted ? 'E' : 'J', d.index])).toEqual(exp.drw1);
        if (exp.inverseBindsColumnMajor) {
          exp.inverseBindsColumnMajor.forEach((m: number[], j: number) => {
            const rows = file.EVP1.inverseBinds.subarray(j * 12, j * 12 + 12);
            const col = [
              rows[0]!,
              rows[4]!,
              rows[8]!,
              0,
              rows[1]!,
              rows[5]!,
              rows[9]!,
              0,
              rows[2]!,
              rows[6]!,
              rows[10]!,
              0,
              rows[3]!,
              rows[7]!,
              rows[11]!,
              1,
            ];
            expect(maxDifference(col, m)).toBeLessThan(1e-5);
          });
        }
      });

      it('places the first vertices of every shape in model space', () => {
        const draw = resolveDrawMatrices(noclipFile, world, []);
        exp.shapes.forEach(
          (s: {
            index: number;
            shapeMtxType: number;
            attrs: string[];
            mtxGroups: { useMtxTable: number[] }[];
            firstVertices: {
              rawPos: Vec3;
              pnmtxSlot: number;
              drwIndex: number;
              modelSpacePos: Vec3;
              nrm?: Vec3;
              tex0?: number[];
              clr0?: number[];
            }[];
          }) => {
            const shape = file.SHP1.shapes[s.index]!;
            expect(shape.mtxTypeRaw).toBe(s.shapeMtxType);
            expect(shape.packets.length).toBe(s.mtxGroups.length);
            const slots: number[] = [];
            shape.packets.forEach((p, g) => {
              p.matrixTable.forEach((m, k) => {
                if (m !== 0xffff) slots[k] = m;
              });
              expect(slots.slice(0, p.matrixTable.length)).toEqual(s.mtxGroups[g]!.useMtxTable);
            });
            const p0 = shape.packets[0]!;
            const slots0 = p0.matrixTable;
            let v = 0;
            for (const prim of primitiveColumns(p0, shape.vertexLayout)) {
              for (let k = 0; k < prim.vertexCount && v < s.firstVertices.length; k++, v++) {
                const e = s.firstVertices[v]!;
                const col = (attr: number) => prim.columns.find((c) => c.attr === attr)?.indices?.[k];
                const slot = (col(0) ?? 0) / 3;
                expect(slot).toBe(e.pnmtxSlot);
                expect(slots0[slot]).toBe(e.drwIndex);
                const pos = Array.from(file.VTX1.arrays.POS!.data.subarray(col(9)! * 3, col(9)! * 3 + 3));
                expect(maxDifference(pos, e.rawPos)).toBeLessThan(1e-5);
                expect(maxDifference(mat4TransformPoint(draw[e.drwIndex]!.matrix, pos), e.modelSpacePos)).toBeLessThan(
                  1e-3,
                );
                if (e.nrm && col(10) !== undefined) {
                  const n = file.VTX1.arrays.NRM!;
                  expect(
                    maxDifference(Array.from(n.data.subarray(col(10)! * 3, col(10)! * 3 + 3)), e.nrm),
                  ).toBeLessThan(1e-5);
                }
                if (e.tex0 && col(13) !== undefined) {
                  const t = file.VTX1.arrays.TEX0!;
                  expect(
                    maxDifference(Array.from(t.data.subarray(col(13)! * 2, col(13)! * 2 + 2)), e.tex0),
                  ).toBeLessThan(1e-5);
                }
                if (e.clr0 && col(11) !== undefined) {
                  const c = file.VTX1.arrays.CLR0!;
                  expect(
                    maxDifference(
                      Array.from(c.data.subarray(col(11)! * 4, col(11)! * 4 + 4)),
                      e.clr0.map((x) => (x > 1 ? x / 255 : x)),
                    ),
                  ).toBeLessThan(1e-5);
                }
              }
            }
            expect(v).toBe(s.firstVertices.length);
          },
        );
      });

      it('builds a scene whose shapes cover the bind-pose bounding boxes and triangle totals', () => {
        const { scene } = j3dToScene(noclipFile);
        const prims = scene.meshes[0]!.primitives;
        const order = readModelHierarchy(file, []).drawOrder;
        order.forEach((s, i) => {
          const e = exp.shapes.find((x: { index: number }) => x.index === s);
          const pos = prims[i]!.attributes.POSITION.array;
          const min = [Infinity, Infinity, Infinity];
          const max = [-Infinity, -Infinity, -Infinity];
          for (let k = 0; k < pos.length; k++) {
            min[k % 3] = Math.min(min[k % 3]!, pos[k]!);
            max[k % 3] = Math.max(max[k % 3]!, pos[k]!);
          }
          expect(maxDifference(min, e.bindPoseBBox.min), `shape ${s} min`).toBeLessThan(1e-3);
          expect(maxDifference(max, e.bindPoseBBox.max), `shape ${s} max`).toBeLessThan(1e-3);
          expect(prims[i]!.indices!.length / 3).toBe(e.triangleCount);
          const billboard = e.shapeMtxType === 1 ? 'BBoard' : e.shapeMtxType === 2 ? 'YBBoard' : undefined;
          expect((prims[i]!.extras?.gx as { billboard?: string } | undefined)?.billboard).toBe(billboard);
        });
        expect(prims.reduce((n, p) => n + p.indices!.length / 3, 0)).toBe(exp.totals.triangles);
        expect(
          file.SHP1.shapes
            .flatMap((s) => s.packets.flatMap((p) => p.primitives.map((q) => q.vertexCount)))
            .reduce((a, b) => a + b, 0),
        ).toBe(exp.totals.vertices);
      });

      it('decodes the TEX1 images to the same pixels', () => {
        const { scene } = j3dToScene(file);
        for (const t of exp.textures as { name: string; mips: { level: number; rgbaSha256: string }[] }[]) {
          const image = scene.images.find((i) => i.name === t.name);
          expect(image?.kind, t.name).toBe('rgba8');
          if (image?.kind !== 'rgba8') continue;
          const levels = [image.pixels, ...(image.mipmaps ?? []).map((m) => m.pixels)];
          for (const m of t.mips)
            expect(createHash('sha256').update(levels[m.level]!).digest('hex'), `${t.name} level ${m.level}`).toBe(
              m.rgbaSha256,
            );
        }
      });

      it('reads the materials and samplers', () => {
        expect(exp.totals.materials).toBe(file.MAT3.materials.length);
        expect(exp.totals.textures).toBe(file.TEX1.textures.length);
        exp.materials.forEach(
          (m: {
            index: number;
            name: string;
            materialMode: number;
            cullMode: number;
            textureIndexes: number[];
            texGens: number;
            tevStages: number;
            tev0: { colorIn: number[]; alphaIn: number[]; texMap: number; texCoordId: number; channelId: number };
            alphaTest: { compareA: number; referenceA: number; op: number; compareB: number; referenceB: number };
            blend: { mode: number; src: number; dst: number; logicOp: number };
            depth: { test: boolean; func: number; write: boolean };
            matColor0: { r: number; g: number; b: number; a: number };
          }) => {
            const g = file.MAT3.materials[m.index]!;
            expect(g.name).toBe(m.name);
            expect(g.materialMode).toBe(m.materialMode);
            expect(g.cullMode).toBe(m.cullMode);
            expect(g.textures.filter((t) => t !== null)).toEqual(m.textureIndexes);
            expect(g.texGenCount).toBe(m.texGens);
            expect(g.tevStageCount).toBe(m.tevStages);
            expect(g.tevStages[0]!.colorIn).toEqual(m.tev0.colorIn);
            expect(g.tevStages[0]!.alphaIn).toEqual(m.tev0.alphaIn);
            // noclip reports the channel as the hardware rasteriser channel (TREF numbering), MAT3 as the GX channel id.
            expect([g.tevOrders[0]!.texMap, g.tevOrders[0]!.texCoord, rasChannelOf(g.tevOrders[0]!.channel)]).toEqual([
              m.tev0.texMap,
              m.tev0.texCoordId,
              m.tev0.channelId,
            ]);
            const a = g.alphaCompare!;
            expect([a.comp0, a.ref0 / 255, a.op, a.comp1, a.ref1 / 255]).toEqual([
              m.alphaTest.compareA,
              expect.closeTo(m.alphaTest.referenceA, 9),
              m.alphaTest.op,
              m.alphaTest.compareB,
              expect.closeTo(m.alphaTest.referenceB, 9),
            ]);
            expect(g.blend).toEqual({
              mode: m.blend.mode,
              srcFactor: m.blend.src,
              dstFactor: m.blend.dst,
              logicOp: m.blend.logicOp,
            });
            expect(g.zMode).toEqual({ enable: m.depth.test, func: m.depth.func, updateEnable: m.depth.write });
            expect(g.materialColors[0]!.map((c) => c / 255)).toEqual(
              [m.matColor0.r, m.matColor0.g, m.matColor0.b, m.matColor0.a].map((c) => expect.closeTo(c, 9)),
            );
          },
        );
        exp.samplers.forEach(
          (s: { index: number; name: string; wrapS: number; wrapT: number; minFilter: number; magFilter: number }) => {
            const t = file.TEX1.textures[s.index]!;
            expect([t.name, t.header.wrapS, t.header.wrapT, t.header.minFilter, t.header.magFilter]).toEqual([
              s.name,
              s.wrapS,
              s.wrapT,
              s.minFilter,
              s.magFilter,
            ]);
          },
        );
      });
    });
  }
});
