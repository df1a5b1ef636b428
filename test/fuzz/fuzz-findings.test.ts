/*
 * Every finding of the fuzz runs so far, as the exact case that found it (the JSON `npm run fuzz` printed for
 * `--repro`), run again in the case pool: each must now end in a ParseError or a clean result whose GLB the
 * Khronos validator accepts. Time findings are bounded by the work tests in test/robust; here each case only
 * has to finish within a generous budget.
 */
import { type FuzzCase, haveFixtures, isFinding, startCasePool } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const findings: [what: string, spec: FuzzCase][] = [
  [
    'J3D INF1 hierarchy that leaves the skin joints without a common root (SKIN_NO_COMMON_ROOT)',
    {
      target: 'j3d/nintendo_tww_shms_skinned_C4_C8.bdl',
      mutation: {
        kind: 'field',
        section: 'INF1',
        offset: 84,
        type: 'u32',
        littleEndian: false,
        value: 30752,
        before: 65536,
      },
    },
  ],
  [
    'J3D INF1 node type 0 in bomb.bmd (SKIN_NO_COMMON_ROOT)',
    {
      target: 'j3d/nintendo_mkdd_minigameitembox_bomb.bmd',
      mutation: { kind: 'field', section: 'INF1', offset: 56, type: 'u16', littleEndian: false, value: 0, before: 16 },
    },
  ],
  [
    'BCK splice that leaves a translation track one distinct key (CUBICSPLINE with 1 key)',
    {
      target: 'j3d/nintendo_mkdd_mariotree1_wait.bck',
      mutation: { kind: 'splice', donor: 'j3d/nintendo_mkdd_mariotree1_wait.bck', from: 80, length: 64, to: 244 },
    },
  ],
  [
    'BCK scale tangent -1.95e38 per frame (per second it overflows f32: ACCESSOR_INVALID_FLOAT -Infinity)',
    {
      target: 'j3d/nintendo_mkdd_mariotree1_wait.bck',
      mutation: {
        kind: 'bytes',
        changes: [
          [172, 255],
          [152, 236],
        ],
      },
    },
  ],
  [
    'BCK duration and sub-version bytes (over time before the rotation sampling was bounded)',
    {
      target: 'j3d/nintendo_mkdd_mariotree1_wait.bck',
      mutation: {
        kind: 'bytes',
        changes: [
          [42, 199],
          [11, 35],
          [56, 0],
        ],
      },
    },
  ],
  [
    'BCK duration u32 @0x28 := 0xFFFFFFFF with the sky model (stack overflow in the T3DM writer)',
    {
      target: 'j3d/nintendo_mkdd_mariotree1_wait.bck',
      mutation: {
        kind: 'field',
        section: 'file',
        offset: 40,
        type: 'u32',
        littleEndian: false,
        value: 4294967295,
        before: 33554522,
      },
    },
  ],
  [
    'TMD bind matrix whose inverse overflows f32 (ACCESSOR_INVALID_FLOAT Infinity)',
    {
      target: 'tmd/synth_min.tmd',
      mutation: {
        kind: 'bytes',
        changes: [
          [115, 133],
          [182, 0],
          [438, 194],
          [199, 255],
        ],
      },
    },
  ],
  [
    '.sdata first record time := Infinity bits (over time)',
    {
      target: 't3dm/08_animation/filesystem/snake.4.sdata',
      mutation: {
        kind: 'field',
        section: 'records',
        offset: 16,
        type: 'f32',
        littleEndian: false,
        value: 2139095040,
        before: 2147483650,
      },
    },
  ],
  [
    '.sdata record time field changed (over time)',
    {
      target: 't3dm/08_animation/filesystem/snake.2.sdata',
      mutation: {
        kind: 'field',
        section: 'records',
        offset: 1718,
        type: 'u16',
        littleEndian: false,
        value: 3402,
        before: 32769,
      },
    },
  ],
  [
    '.sdata splice from another clip (over time)',
    {
      target: 't3dm/09_anim_viewer/filesystem/cath.4.sdata',
      mutation: {
        kind: 'splice',
        donor: 't3dm/08_animation/filesystem/snake.1.sdata',
        from: 52,
        length: 1024,
        to: 2124,
      },
    },
  ],
  [
    'RARC file name "vscroll/bdl" (a "/" in the string table): listed, then not found by its path',
    {
      target: 'archives/community_wwrando_Vscroll_2019_badnodename.arc',
      mutation: {
        kind: 'field',
        section: 'RARC strings',
        offset: 248,
        type: 'u8',
        littleEndian: false,
        value: 47,
        before: 46,
      },
    },
  ],
  [
    'RARC entry with an empty name (a spliced string table)',
    {
      target: 'archives/community_wwrando_Vscroll.arc',
      mutation: {
        kind: 'splice',
        donor: 'archives/nintendo_sms_option.szs#decompressed',
        from: 128,
        length: 20,
        to: 96,
      },
    },
  ],
  [
    'BCK translation value table entry := NaN bits (a one-key track)',
    {
      target: 'j3d/nintendo_mkdd_mariotree1_wait.bck',
      mutation: {
        kind: 'field',
        section: 'ANK1',
        offset: 256,
        type: 'u16',
        littleEndian: false,
        value: 32767,
        before: 0,
      },
    },
  ],
  [
    'TMD splice that leaves a mesh without primitives (EMPTY_ENTITY)',
    {
      target: 'tmd/synth_min.tmd',
      mutation: { kind: 'splice', donor: 'tmd/synth_min.tmd', from: 872, length: 222, to: 936 },
    },
  ],
  [
    'glTF with a misspelt primitives key (EMPTY_ENTITY)',
    {
      target: 't3dm/16_light_clip/assets/light.glb',
      mutation: {
        kind: 'field',
        section: 'JSON meshes',
        offset: 4144,
        type: 'u32',
        littleEndian: true,
        value: 1530536564,
        before: 1530536563,
      },
    },
  ],
  [
    'GLB whose embedded PNG got a spliced chunk (IMAGE_UNEXPECTED_EOS)',
    {
      target: 't3dm/24_hdr_bloom/assets/magicRing.glb',
      mutation: { kind: 'splice', donor: 't3dm/12_uv_gen/assets/brew_logo.glb', from: 79648, length: 1024, to: 14700 },
    },
  ],
  [
    'GLB splice that puts a NaN into a float accessor (ACCESSOR_INVALID_FLOAT)',
    {
      target: 't3dm/09_anim_viewer/assets/animTest.glb',
      mutation: {
        kind: 'splice',
        donor: 't3dm/24_hdr_bloom/assets/envSphere.glb',
        from: 38208,
        length: 1024,
        to: 38588,
      },
    },
  ],
  [
    'J3D EVP1 inverse bind matrix value := NaN (skinned positions went non-finite)',
    {
      target: 'j3d/nintendo_tww_swa_skinned.bdl',
      mutation: {
        kind: 'field',
        section: 'EVP1',
        offset: 1488,
        type: 'f32',
        littleEndian: false,
        value: 2143289344,
        before: 3230812018,
      },
    },
  ],
  [
    'T3DM splice giving two quaternion channels one bone (ANIMATION_DUPLICATE_TARGETS)',
    {
      target: 't3dm/09_anim_viewer/filesystem/animTest.t3dm',
      mutation: { kind: 'splice', donor: 't3dm/24_hdr_bloom/filesystem/magic.t3dm', from: 424, length: 99, to: 312 },
    },
  ],
  [
    'T3DM bone scale -3.4e38 (skinned positions overflow f32: glTF writer Error)',
    {
      target: 't3dm/09_anim_viewer/filesystem/animTest.t3dm',
      mutation: {
        kind: 'field',
        section: 'S #5',
        offset: 3140,
        type: 'f32',
        littleEndian: false,
        value: 4286578687,
        before: 1065353215,
      },
    },
  ],
  [
    'J3D JNT1 splice giving a joint scale 1.4e-41 (inverse bind matrix -Infinity: ACCESSOR_INVALID_FLOAT)',
    {
      target: 'j3d/nintendo_tww_shms_skinned_C4_C8.bdl',
      mutation: { kind: 'splice', donor: 'j3d/community_wwrando_vscroll.bdl', from: 20164, length: 64, to: 6068 },
    },
  ],
  [
    'glTF image declared as "inage/png" (IMAGE_MIME_TYPE_INVALID)',
    {
      target: 't3dm/19_particles_tex/assets/scene.glb',
      mutation: {
        kind: 'field',
        section: 'JSON images',
        offset: 6770,
        type: 'u16',
        littleEndian: true,
        value: 24942,
        before: 24941,
      },
    },
  ],
  [
    'BTK whose texture transform leaves the f32 range at a frame (KHR_animation_pointer offset not finite)',
    {
      target: 'j3d/nintendo_mkdd_minigameitembox_bomb.btk',
      mutation: {
        kind: 'bytes',
        changes: [
          [0xfc, 0xff],
          [0x62, 0xb5],
          [0x132, 0xff],
          [0x132, 0x5d],
        ],
      },
    },
  ],
  [
    'glTF without a scene: the tidy writer kept the skin of dropped nodes (skin joints not node indices)',
    {
      target: 't3dm/09_anim_viewer/assets/enemyPlant00.glb',
      mutation: {
        kind: 'field',
        section: 'JSON scenes',
        offset: 108,
        type: 'u16',
        littleEndian: true,
        value: 25965,
        before: 25966,
      },
    },
  ],
  [
    'J3D MAT3 indirect-table offset past the chunk (seed 9: the table count was searched over 4 GB, over time)',
    {
      target: 'j3d/nintendo_tww_swa_skinned.bdl',
      mutation: {
        kind: 'field',
        section: 'MAT3',
        offset: 2648,
        type: 'u8',
        littleEndian: false,
        value: 255,
        before: 0,
      },
    },
  ],
  [
    'J3D MAT3 indirect-table offset 0xFFFF01E4 in BlueStarCupsulePlanet.bdl (seed 9, over time: the same search)',
    {
      target: 'j3d/nintendo_smg_BlueStarCupsulePlanet.bdl',
      mutation: {
        kind: 'field',
        section: 'MAT3',
        offset: 51768,
        type: 'u16',
        littleEndian: false,
        value: 65535,
        before: 0,
      },
    },
  ],
  [
    'J3D joint scale -3.4e38 (seed 9: vertex positions overflowed f32, a plain Error from the glTF writer)',
    {
      target: 'j3d/nintendo_tww_vr_sky_vtxcolor.bdl',
      mutation: {
        kind: 'field',
        section: 'JNT1',
        offset: 2016,
        type: 'f32',
        littleEndian: false,
        value: 4286578687,
        before: 1065353216,
      },
    },
  ],
  [
    'glTF COLOR_0 renamed COLOR_1 (seed 9: MESH_PRIMITIVE_INDEXED_SEMANTIC_CONTINUITY)',
    {
      target: 't3dm/05_splitscreen/assets/model.glb',
      mutation: {
        kind: 'field',
        section: 'JSON meshes',
        offset: 14912,
        type: 'u32',
        littleEndian: true,
        value: 809116209,
        before: 809116208,
      },
    },
  ],
  [
    'J3D EVP1 weight -2.9e-15 (seed 9: ACCESSOR_WEIGHTS_NEGATIVE)',
    {
      target: 'j3d/nintendo_tww_swa_skinned.bdl',
      mutation: {
        kind: 'field',
        section: 'EVP1',
        offset: 1304,
        type: 'u16',
        littleEndian: false,
        value: 42580,
        before: 16192,
      },
    },
  ],
  [
    'glTF with a PNG whose IDAT was renamed XDAT (seed 10: IMAGE_UNEXPECTED_EOS)',
    {
      target: 't3dm/24_hdr_bloom/assets/magic.glb',
      mutation: {
        kind: 'bytes',
        changes: [
          [13601, 26],
          [9535, 88],
          [12814, 0],
        ],
      },
    },
  ],
  [
    'glTF whose "scenes" key is misspelt (no node to draw), to TMD (seed 36: the writer refused with a RangeError)',
    {
      target: 't3dm/04_dynamic/assets/lava.glb',
      mutation: {
        kind: 'field',
        section: 'JSON scenes',
        offset: 110,
        type: 'u16',
        littleEndian: true,
        value: 8820,
        before: 8819,
      },
    },
  ],
  [
    "TMD node position of f32's largest value, to T3DM (seed 3636: a bone the T3DM reader refuses was written)",
    {
      target: 'tmd/synth_2lod_2piece.tmd',
      mutation: {
        kind: 'field',
        section: 'nodes',
        offset: 156,
        type: 'f32',
        littleEndian: true,
        value: 2139095039,
        before: 0,
      },
    },
  ],
  [
    "TKL position key of minus f32's largest value, to T3DM (seed 3636: a channel quantised to -Infinity was written)",
    {
      target: 'tmd/synth.tkl',
      mutation: {
        kind: 'field',
        section: 'positions',
        offset: 60,
        type: 'f32',
        littleEndian: true,
        value: 4286578687,
        before: 0,
      },
    },
  ],
  [
    'glTF skin weight byte changed, its vertex summing to 1.00003 (seed 3601: ACCESSOR_WEIGHTS_NON_NORMALIZED)',
    {
      target: 't3dm/09_anim_viewer/assets/enemyPlant00.glb',
      mutation: { kind: 'bytes', changes: [[0x7934, 0xff]] },
    },
  ],
  [
    'T3DM scalar channel quantScale 2.47e36: keys of 65535 · it overflow f32 (ACCESSOR_INVALID_FLOAT Infinity)',
    {
      target: 't3dm/09_anim_viewer/filesystem/cath.t3dm',
      mutation: {
        kind: 'field',
        section: 'A #10',
        offset: 8608,
        type: 'u32',
        littleEndian: false,
        value: 2079172924,
        before: 848298128,
      },
    },
  ],
  [
    'T3DM A chunk splice giving a channel quantScale -1.7e38 (ACCESSOR_INVALID_FLOAT -Infinity)',
    {
      target: 't3dm/08_animation/filesystem/snake.t3dm',
      mutation: { kind: 'splice', donor: 't3dm/12_uv_gen/filesystem/gold.t3dm', from: 10388, length: 64, to: 2304 },
    },
  ],
  [
    'BCK value := the largest f32 (a T3DM channel at the edge of f32 that its own reader refused)',
    {
      target: 'j3d/nintendo_mkdd_mariotree1_wait.bck',
      mutation: {
        kind: 'field',
        section: 'file',
        offset: 256,
        type: 'f32',
        littleEndian: false,
        value: 2139095039,
        before: 0,
      },
    },
  ],
  [
    'J3D TEX1 name table offset := 0 (21,573 names read from the texture data, each to the next NUL)',
    {
      target: 'j3d/community_mkdd_dstestcircle_course.bmd',
      mutation: {
        kind: 'field',
        section: 'TEX1',
        offset: 69552,
        type: 'u32',
        littleEndian: false,
        value: 0,
        before: 2001568,
      },
    },
  ],
  [
    'SMG2 archive (Yaz0) byte pair := 0xffff: a BCK scale track whose tangents swing the curve past f32 (an Infinity in the GLB)',
    {
      target: 'archives/nintendo_smg2_SamboHead.arc',
      mutation: {
        kind: 'field',
        section: 'file',
        offset: 25508,
        type: 'u16',
        littleEndian: false,
        value: 65535,
        before: 45882,
      },
    },
  ],
];

describe.skipIf(!haveFixtures)('fuzz findings, fixed', () => {
  let pool: ReturnType<typeof startCasePool>;
  beforeAll(() => {
    pool = startCasePool({ jobs: 2, memoryMb: 512 });
  });
  afterAll(() => pool.close());

  it.each(findings)(
    '%s',
    async (_, spec) => {
      const result = await pool.run(spec, 20_000);
      expect(isFinding(result.outcome), `${result.outcome} in ${result.stage}: ${result.error?.message}`).toBe(false);
    },
    60_000,
  );
});
