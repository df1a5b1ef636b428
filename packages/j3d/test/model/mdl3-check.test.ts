/*
 * The MDL3 check on the shared BDLs: the state decoded from each material's MDL3 FIFO packet is compared with
 * MAT3. Nintendo-made BDLs agree on every field both set (TEV stages and orders, konst selections, swap tables,
 * TEV/konst colours, GENMODE counts and cull, alpha compare, blend, z mode, texture images and samplers,
 * texgens, channel controls, material/ambient colours). The SuperBMD-made BDL disagrees only on texgen
 * matrices, because its MDL3 matrix-index table is left at zero. A MAT3 edited after the fact is caught.
 */

import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { checkMdl3, mdl3Diagnostics, readJ3d } from '../../src/internal.js';

const bdls = listFixtures('j3d', /\.bdl$/).map((p) => p.split('/').pop()!);

describe.skipIf(!haveFixtures)('MDL3 against MAT3', () => {
  for (const name of bdls) {
    it(`${name}: MDL3 agrees with MAT3 except where the file explains it`, () => {
      const file = readJ3d(readFixture('j3d', name));
      const checks = checkMdl3(file);
      expect(checks.length).toBe(file.MAT3.materials.length);
      for (const c of checks) {
        for (const group of [
          'tevStageCount',
          'tev0.colorIn',
          'tev0.alphaIn',
          'tev0.order',
          'alphaCompare',
          'blend',
          'zMode',
          'cullMode',
          'channel0',
        ]) {
          expect(c.agreeing, `${c.material} compares ${group}`).toContain(group);
        }
        const packet = file.MDL3!.packets[file.MAT3.materials.findIndex((m) => m.name === c.material)]!;
        if (packet.matrixIndices?.[0] === 0 && packet.matrixIndices[1] === 0) {
          expect(
            c.disagreeing.every((d) => /^texGen\d\.matrix$/.test(d.field) && d.mdl3 === 0),
            JSON.stringify(c.disagreeing),
          ).toBe(true);
        } else {
          expect(c.disagreeing, c.material).toEqual([]);
        }
      }
      expect(mdl3Diagnostics(file).filter((d) => d.severity === 'warning').length).toBe(
        checks.reduce((n, c) => n + c.disagreeing.length, 0),
      );
    });
  }

  it('reports a MAT3 that no longer matches its MDL3', () => {
    const file = readJ3d(readFixture('j3d', 'nintendo_tww_swa_skinned.bdl'));
    const m = file.MAT3.materials[0]!;
    const edited = {
      ...file,
      MAT3: {
        ...file.MAT3,
        materials: [
          {
            ...m,
            cullMode: 0,
            tevStages: [
              { ...m.tevStages[0]!, colorIn: [15, 15, 15, 8] as [number, number, number, number] },
              ...m.tevStages.slice(1),
            ],
          },
        ],
      },
    };
    const fields = checkMdl3(edited)[0]!.disagreeing.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['cullMode', 'tev0.colorIn']));
    expect(mdl3Diagnostics(edited).some((d) => d.code === 'j3d/mdl3-mismatch' && d.message.includes('cullMode'))).toBe(
      true,
    );
  });
});
