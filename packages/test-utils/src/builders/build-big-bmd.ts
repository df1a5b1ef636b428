/*
 * Big BMD files shaped like the ones users convert, for the bench and for tests that must see what grows with
 * a model's size (spec j3d.md §4, §7, §11): buildBigMapBmd makes a stage map (29 shapes of terrain drawn as
 * short triangle strips with POS, NRM, CLR0, TEX0 and TEX1 sent INDEX16, about 16,700 positions, 21,000
 * triangles, 240 KB of display lists and 870 KB of CMPR, RGB5A3, I8 and IA8 textures, about 1.3 MB in all,
 * like a Sunshine stage map); buildSkinnedCharacterBmd makes a skinned character (a 40-joint chain, 120
 * two- and three-joint envelopes, shapes of many packets of up to ten matrices each with a PNMTXIDX on every
 * vertex); buildStageMapBmd makes a stage map whose materials are a Galaxy stage's (120 materials of 3 to 8 TEV
 * stages over one to four of 32 textures, each with konst and TEV colours of its own; 120 shapes of 12 × 12
 * terrain; about 1.3 MB). Pixel data is seeded noise: any bytes are valid GX texture data. All are deterministic.
 */

import { seededRandom } from '../fuzz/seeded-random.js';
import type { BmdDescription, BuilderMaterial, BuilderShape, BuilderTexture, BuilderVertex } from './build-bmd.js';
import { buildBmd } from './build-bmd.js';

/** Bytes of one level-0 image: GX format id → bits per pixel. */
const bitsPerPixel: Record<number, number> = { 1: 8, 3: 16, 5: 16, 14: 4 };

function noiseTexture(name: string, format: number, side: number, random: () => number): BuilderTexture {
  const data = new Uint8Array((side * side * bitsPerPixel[format]!) / 8);
  for (let i = 0; i < data.length; i++) data[i] = (random() * 256) | 0;
  return { name, format, width: side, height: side, data };
}

/** The map's textures: 6 CMPR 256², 4 RGB5A3 256², 4 I8 128², 3 IA8 128² (864 KB of image data). */
function mapTextures(random: () => number): BuilderTexture[] {
  const out: BuilderTexture[] = [];
  for (let i = 0; i < 6; i++) out.push(noiseTexture(`ground${i}`, 14, 256, random));
  for (let i = 0; i < 4; i++) out.push(noiseTexture(`wall${i}`, 5, 256, random));
  for (let i = 0; i < 4; i++) out.push(noiseTexture(`detail${i}`, 1, 128, random));
  for (let i = 0; i < 3; i++) out.push(noiseTexture(`shade${i}`, 3, 128, random));
  return out;
}

/**
 * One terrain shape: a 24 × 24 grid of positions in groups of three rows; each group draws two bands (rows
 * 0–1 and 1–2), each band as four strips of six quads or five, so positions are shared about 1.4 times, as
 * in a real map.
 */
function terrainShape(index: number, material: number, random: () => number, side = 24): BuilderShape {
  const columns = side;
  const rows = side;
  const originX = (index % 6) * 2400;
  const originZ = Math.floor(index / 6) * 2400;
  const vertex = (c: number, r: number): BuilderVertex => {
    const height = Math.round(Math.sin((originX + c * 100) / 700) * Math.cos((originZ + r * 100) / 900) * 300);
    const shade = 96 + ((c * 7 + r * 13 + index) % 160);
    return {
      position: [originX + c * 100, height + r, originZ + r * 100],
      normal: [Math.round(random() * 20) / 100, 0.96, Math.round(random() * 20) / 100],
      color: [shade, shade, 255 - shade, 255],
      uv: [
        [c / 4, r / 4],
        [c / 23, r / 23],
      ],
    };
  };
  const primitives: BuilderShape['packets'][number]['primitives'] = [];
  for (let group = 0; group < rows; group += 3) {
    for (const top of [group, group + 1]) {
      for (let from = 0; from < columns - 1; from += 6) {
        const to = Math.min(from + 6, columns - 1);
        const vertices: BuilderVertex[] = [];
        for (let c = from; c <= to; c++) vertices.push(vertex(c, top), vertex(c, top + 1));
        primitives.push({ type: 'TRIANGLE_STRIP', vertices });
      }
    }
  }
  return {
    material,
    normals: 'NRM',
    colors: true,
    uvSets: 2,
    packets: [{ matrices: [0], primitives }],
  };
}

/** A stage map of about 1.3 MB (see the file comment). */
export function buildBigMapBmd(): Uint8Array {
  const random = seededRandom(41);
  const textures = mapTextures(random);
  const materials: BuilderMaterial[] = [];
  for (let m = 0; m < 20; m++)
    materials.push({ name: `map_mat${m}`, texture: m % textures.length, vertexColors: true, uvSet: m % 2 });
  const shapes: BuilderShape[] = [];
  for (let s = 0; s < 29; s++) shapes.push(terrainShape(s, s % materials.length, random));
  const description: BmdDescription = {
    joints: [{ name: 'map_root', parent: -1 }],
    drawMatrices: [{ joint: 0 }],
    shapes,
    materials,
    textures,
    indirectTable: true,
  };
  return buildBmd(description);
}

/**
 * A skinned character: a chain of 40 joints along Y; envelopes blend each pair (and every third, each triple) of
 * neighbouring joints; each of 8 shapes is a tube of rings around the chain, one ring per joint step, drawn as
 * strips between neighbouring rings, in packets of up to ten draw matrices (PNMTXIDX on every vertex).
 */
export function buildSkinnedCharacterBmd(): Uint8Array {
  const random = seededRandom(42);
  const jointCount = 40;
  const joints: BmdDescription['joints'] = [{ name: 'center', parent: -1 }];
  for (let j = 1; j < jointCount; j++)
    joints.push({ name: `bone${j}`, parent: j - 1, translation: [0, 12, 0], rotation: [0, (j % 5) * 40, 0] });
  const envelopes: NonNullable<BmdDescription['envelopes']> = [];
  for (let j = 0; j + 1 < jointCount; j++) {
    envelopes.push({ joints: [j, j + 1], weights: [0.75, 0.25] });
    envelopes.push({ joints: [j, j + 1], weights: [0.25, 0.75] });
    if (j + 2 < jointCount) envelopes.push({ joints: [j, j + 1, j + 2], weights: [0.25, 0.5, 0.25] });
  }
  // Draw matrices: every joint rigid, then every envelope.
  const drawMatrices: BmdDescription['drawMatrices'] = joints.map((_, j) => ({ joint: j }));
  for (let e = 0; e < envelopes.length; e++) drawMatrices.push({ envelope: e });
  const envelopeDraw = (e: number) => jointCount + e;
  const sides = 12;
  const ring = (shape: number, step: number, k: number, slot: number): BuilderVertex => {
    const angle = (k / sides) * Math.PI * 2;
    const radius = 3 + shape + (step % 4);
    return {
      slot,
      position: [Math.cos(angle) * radius + shape * 9, step * 12, Math.sin(angle) * radius],
      normal: [Math.cos(angle), 0, Math.sin(angle)],
      uv: [[k / sides, step / jointCount + shape / 8]],
    };
  };
  const shapes: BuilderShape[] = [];
  for (let s = 0; s < 8; s++) {
    const packets: BuilderShape['packets'] = [];
    // Each packet covers three steps of the chain: rings at steps a .. a + 3 with the envelopes around them.
    for (let a = 0; a + 3 < jointCount; a += 3) {
      const matrices: number[] = [];
      const slotOf = (draw: number) => {
        let k = matrices.indexOf(draw);
        if (k < 0) {
          k = matrices.length;
          matrices.push(draw);
        }
        return k;
      };
      const drawOfRing = (step: number) => (step % 3 === 0 ? step : envelopeDraw(step * 3 - (step % 2)));
      const primitives: BuilderShape['packets'][number]['primitives'] = [];
      for (let step = a; step < a + 3; step++) {
        const lower = slotOf(drawOfRing(step));
        const upper = slotOf(drawOfRing(step + 1));
        const vertices: BuilderVertex[] = [];
        for (let k = 0; k <= sides; k++) vertices.push(ring(s, step, k, lower), ring(s, step + 1, k, upper));
        primitives.push({ type: 'TRIANGLE_STRIP', vertices });
      }
      // A few loose triangles as TRIANGLES, as exporters leave between strips.
      const loose: BuilderVertex[] = [];
      for (let t = 0; t < 4; t++) {
        const k = Math.floor(random() * sides);
        loose.push(ring(s, a, k, slotOf(drawOfRing(a))), ring(s, a + 1, k + 1, slotOf(drawOfRing(a + 1))));
        loose.push(ring(s, a + 1, k, slotOf(drawOfRing(a + 1))));
      }
      primitives.push({ type: 'TRIANGLES', vertices: loose });
      packets.push({ matrices, primitives });
    }
    shapes.push({ material: s % 4, pnmtx: true, normals: 'NRM', uvSets: 1, packets });
  }
  const textures = [
    noiseTexture('body', 14, 256, random),
    noiseTexture('face', 5, 128, random),
    noiseTexture('eye', 3, 64, random),
    noiseTexture('cloth', 14, 128, random),
  ];
  const materials: BuilderMaterial[] = textures.map((t, i) => ({ name: `${t.name}_mat`, texture: i, lighting: true }));
  return buildBmd({ matrixCalc: 2, joints, envelopes, drawMatrices, shapes, materials, textures, indirectTable: true });
}

/** A stage map of many multi-stage materials, about 1.3 MB (see the file comment). */
export function buildStageMapBmd(): Uint8Array {
  const random = seededRandom(43);
  const textures: BuilderTexture[] = [];
  for (let i = 0; i < 12; i++) textures.push(noiseTexture(`stage_cmpr${i}`, 14, 256, random));
  for (let i = 0; i < 8; i++) textures.push(noiseTexture(`stage_rgb5a3_${i}`, 5, 128, random));
  for (let i = 0; i < 6; i++) textures.push(noiseTexture(`stage_i8_${i}`, 1, 128, random));
  for (let i = 0; i < 6; i++) textures.push(noiseTexture(`stage_ia8_${i}`, 3, 64, random));
  const materials: BuilderMaterial[] = [];
  const shapes: BuilderShape[] = [];
  for (let m = 0; m < 120; m++) {
    const used = Array.from({ length: 1 + (m % 4) }, (_, k) => (m * 3 + k * 5) % textures.length);
    const konst = [0, 1, 2, 3].map(() => (random() * 256) | 0) as [number, number, number, number];
    materials.push({
      name: `stage_mat${m}`,
      vertexColors: true,
      stages: { count: 3 + (m % 6), textures: used, konst },
    });
    shapes.push(terrainShape(m, m, random, 12));
  }
  return buildBmd({
    joints: [{ name: 'stage_root', parent: -1 }],
    drawMatrices: [{ joint: 0 }],
    shapes,
    materials,
    textures,
    indirectTable: true,
  });
}
