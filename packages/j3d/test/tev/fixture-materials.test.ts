/*
 * Every material of every shared model, reduced to glTF, against a table derived by hand from the material's
 * stages (the reasoning is in the comments; notation: T = texture, V = CLR0, K = konst, C0..C2 registers,
 * /255 dropped, "ramp" = a texture whose texgen reads COLOR0, i.e. a toon lighting ramp).
 * factor / emissive are GX display values (the reduction returns them converted to linear).
 */

import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { reduceAlphaMode } from '../../src/gx/tev/reduce-alpha-mode.js';
import { reduceTev } from '../../src/gx/tev/reduce-tev.js';
import { readJ3d } from '../../src/index.js';

interface Row {
  /** Texture map slot of the base texture, or null. */
  tex: number | null;
  vc: boolean;
  va: boolean;
  /** Display-space rgb factor and alpha factor; undefined = not checked (approximation of a complex setup). */
  factor?: [number, number, number, number];
  emissive?: [number, number, number] | null;
  alphaMode: 'OPAQUE' | 'MASK' | 'BLEND';
  cutoff?: number;
  lit: boolean;
  /** A j3d/irreducible-tev warning is expected. */
  irreducible: boolean;
  /** A toon lighting ramp: its lighting goes to glTF, said in the j3d/tev-lighting note (no warning). */
  ramp?: boolean;
}

// DS Test Circle (SuperBMD default TEV): C = lerp(0, T, RASC) = T·V, A = T.a·V.a, COLOR0 from vertices, unlit.
const superBmd = (alphaMode: Row['alphaMode'] = 'OPAQUE', cutoff?: number): Row => ({
  tex: 0,
  vc: true,
  va: true,
  factor: [1, 1, 1, 1],
  emissive: null,
  alphaMode,
  ...(cutoff === undefined ? {} : { cutoff }),
  lit: false,
  irreducible: false,
});
// TWW toon: st0 PREV = lerp(C0 = 128, K0 = 255, ramp.r) = C0 + (1 − C0)·ramp; st1 PREV = T0·PREV;
// (st2 adds K1·ramp.g: a highlight, dropped). The ramp's lighting goes to glTF (lit): ramp = 1 where it scales T0,
// T0·(C0 + (1 − C0)·1) = T0. Lighting is the renderer's, so the ramp is a j3d/tev-lighting note, not a warning.
const toon = 1;

const table: Record<string, Record<string, Row>> = {
  'community_mkdd_dstestcircle_course.bmd': {
    sky: superBmd(),
    road: superBmd(),
    checkerboard: superBmd(),
    // alpha compare GEQUAL 128 AND LEQUAL 255 → cutoff 128/255
    fence: superBmd('MASK', 128 / 255),
    bricks: superBmd(),
    grass: superBmd(),
    white: superBmd(),
  },
  'community_wwrando_vscroll.bdl': {
    // toon (see above; lit through the ramp); alpha: st1 A = lerp(0, K3.a = 255, T0.a) = T0.a.
    VmapC: {
      tex: 0,
      vc: false,
      va: false,
      factor: [toon, toon, toon, 1],
      emissive: null,
      alphaMode: 'OPAQUE',
      lit: true,
      irreducible: false,
      ramp: true,
    },
  },
  'nintendo_mkdd_minigameitembox_bomb.bmd': {
    // C = (T + lerp(0, RASC, T))·½ = T·(1 + 203/255)/2 (lit material colour 203); A = T.a·RASA(255).
    mat_boxin: {
      tex: 0,
      vc: false,
      va: false,
      factor: [0.898, 0.898, 0.898, 1],
      emissive: null,
      alphaMode: 'OPAQUE',
      lit: true,
      irreducible: false,
    },
    // C = (K0 + (1 − K0)·T0 + T1)/2: T1 (weight ½) beats T0 (weight ≤ 0.07); additive blend SRCALPHA/ONE.
    mat_boxout: { tex: 1, vc: false, va: false, alphaMode: 'BLEND', lit: false, irreducible: true },
    // C = 2·lerp(C1, C0, T) = 2·C1 + 2·(C0 − C1)·T, C0 = 157, C1 = (0, 28, 68): factor 2·(157, 129, 89) clamped,
    // emissive 2·C1; A = T.a; alpha compare GEQUAL 100 AND ALWAYS → MASK 100/255; blend ONE/ZERO = none.
    mat_question: {
      tex: 0,
      vc: false,
      va: false,
      factor: [1, 1, 178 / 255, 1],
      emissive: [0, 56 / 255, 136 / 255],
      alphaMode: 'MASK',
      cutoff: 100 / 255,
      lit: false,
      irreducible: true,
    },
  },
  'nintendo_smg_BlueStarCupsulePlanet.bdl': {
    // C = 2·lerp(T, RASC, RASA), RASA = lit ALPHA0 (255) taken as 1 → 2·(49, 46, 75); A = RASA = 1. COLOR0 unlit.
    BackMat_v: {
      tex: null,
      vc: false,
      va: false,
      factor: [98 / 255, 92 / 255, 150 / 255, 1],
      emissive: null,
      alphaMode: 'OPAQUE',
      lit: false,
      irreducible: false,
    },
    // C = lerp(0, T, RASC = 255) + C0 = T − 25 (the subtraction is lost); A = T.a.
    BlueStarMat: {
      tex: 0,
      vc: false,
      va: false,
      factor: [1, 1, 1, 1],
      emissive: null,
      alphaMode: 'OPAQUE',
      lit: false,
      irreducible: true,
    },
    'BlueStarMat(2)': {
      tex: 0,
      vc: false,
      va: false,
      factor: [1, 1, 1, 1],
      emissive: null,
      alphaMode: 'OPAQUE',
      lit: false,
      irreducible: true,
    },
    // C = K0 (white), A = T.a; blend SRCALPHA/INVSRCALPHA. glTF also multiplies the colour by T.rgb (warning).
    FaceMat_v: {
      tex: 0,
      vc: false,
      va: false,
      factor: [1, 1, 1, 1],
      emissive: null,
      alphaMode: 'BLEND',
      lit: false,
      irreducible: true,
    },
    // C = V + K0(100)·T: V-only wins (weight 3 vs 1.18), K0·T at ½ → emissive 50; A = lerp(0, A0 = 196, V.a).
    HaloMat_v_x: {
      tex: null,
      vc: true,
      va: true,
      factor: [1, 1, 1, 196 / 255],
      emissive: [50 / 255, 50 / 255, 50 / 255],
      alphaMode: 'BLEND',
      lit: false,
      irreducible: true,
    },
    // C = lerp(K0, T, V) = K0 − K0·V + T·V: T·V factor 1; K0 − K0·½ → emissive K0/2 = (15, 8.5, 41); A = V.a.
    RingMat_v: {
      tex: 0,
      vc: true,
      va: true,
      factor: [1, 1, 1, 1],
      emissive: [15 / 255, 8.5 / 255, 41 / 255],
      alphaMode: 'OPAQUE',
      lit: false,
      irreducible: true,
    },
  },
  'nintendo_tww_shms_skinned_C4_C8.bdl': {
    SHMSAMAT: {
      tex: 0,
      vc: false,
      va: false,
      factor: [toon, toon, toon, 1],
      emissive: null,
      alphaMode: 'OPAQUE',
      lit: true,
      irreducible: false,
      ramp: true,
    },
    // C mixes T0.a (TEXA as colour), the ramp and registers: approximated on T0; A = 1 (st2: K·APREV…): opaque.
    SHMSBMAT: { tex: 0, vc: false, va: false, alphaMode: 'OPAQUE', lit: false, irreducible: true },
    // as SHMSAMAT, blend SRCALPHA/INVSRCALPHA
    SHMSCMAT: {
      tex: 0,
      vc: false,
      va: false,
      factor: [toon, toon, toon, 1],
      emissive: null,
      alphaMode: 'BLEND',
      lit: true,
      irreducible: false,
      ramp: true,
    },
  },
  'nintendo_tww_swa_skinned.bdl': {
    // toon; A: st0 RASA (255, ALPHA0 unlit) then st1 lerp(0, T0.a, APREV) = T0.a.
    SWA1: {
      tex: 0,
      vc: false,
      va: false,
      factor: [toon, toon, toon, 1],
      emissive: null,
      alphaMode: 'OPAQUE',
      lit: true,
      irreducible: false,
      ramp: true,
    },
  },
  'nintendo_tww_vr_sky_vtxcolor.bdl': {
    // C = K0 (white), A = RASA = V.a (ALPHA0 from vertices); blend SRCALPHA/INVSRCALPHA. The lit COLOR0 is unread.
    lambert1_v_x: {
      tex: null,
      vc: false,
      va: true,
      factor: [1, 1, 1, 1],
      emissive: null,
      alphaMode: 'BLEND',
      lit: false,
      irreducible: false,
    },
    // C = K0 (white), A = ZERO; no blending → opaque.
    sora_v: {
      tex: null,
      vc: false,
      va: false,
      factor: [1, 1, 1, 0],
      emissive: null,
      alphaMode: 'OPAQUE',
      lit: false,
      irreducible: false,
    },
  },
};

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

describe.skipIf(!haveFixtures)('TEV reduction of every shared material', () => {
  for (const [file, rows] of Object.entries(table)) {
    describe(file, () => {
      const j3d = readJ3d(readFixture('j3d', file));
      it('has a row for every material', () => {
        expect(j3d.MAT3.materials.map((m) => m.name).sort()).toEqual(Object.keys(rows).sort());
      });
      for (const m of j3d.MAT3.materials) {
        it(m.name, () => {
          const row = rows[m.name]!;
          const r = reduceTev(m);
          const a = reduceAlphaMode(m, r.alpha);
          expect(r.texture?.texMap ?? null).toBe(row.tex);
          expect([r.vertexColor, r.vertexAlpha]).toEqual([row.vc, row.va]);
          expect(r.lit).toBe(row.lit);
          expect(a.alphaMode).toBe(row.alphaMode);
          if (row.cutoff !== undefined) expect(a.alphaCutoff).toBeCloseTo(row.cutoff, 6);
          if (row.factor) {
            const linear = [...row.factor.slice(0, 3).map(toLinear), row.factor[3]];
            r.baseColorFactor.forEach((v, k) => {
              expect(v).toBeCloseTo(linear[k]!, 2);
            });
          }
          if (row.emissive === null) expect(r.emissive).toBeNull();
          else if (row.emissive)
            r.emissive!.forEach((v, k) => {
              expect(v).toBeCloseTo(toLinear(row.emissive![k]!), 2);
            });
          const irreducible = r.diagnostics.filter((d) => d.code === 'j3d/irreducible-tev');
          expect(irreducible.length).toBe(row.irreducible ? 1 : 0);
          for (const d of irreducible) {
            expect(d.severity).toBe('warning');
            expect(d.message).toContain(`"${m.name}"`);
          }
          const lighting = r.diagnostics.find((d) => d.code === 'j3d/tev-lighting');
          if (row.ramp) expect(lighting?.message).toMatch(/toon lighting ramp/);
        });
      }
    });
  }
});
