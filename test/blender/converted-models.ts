/*
 * The GLBs the Blender test imports, converted as `retromodel convert` converts them (transcode to glb):
 * - every J3D model of the shared j3d fixtures, with the animation sidecars that share its base name (the
 *   MKDD item box with its BTK, a material animation written through KHR_animation_pointer);
 * - the SMG2 Power Star with every animation of its archive that fits it: 19 BCKs, and PowerStarColor's BRK and
 *   BTK (material animations), BTP (texture pattern) and BVA (shape visibility) as one clip;
 * - the Pikmin 2 red Pikmin (a skinned BMD) with BCA joint animations from the archive's motion/ folder,
 *   which its sidecar lookup does not reach, so they are handed over by name;
 * - a TMD (skinned, animated, with its TKL and TML), a Tiny3D T3DM (skinned, five animations in .sdata
 *   streams), and the Tiny3D example's own source GLB read and written back by our glTF adapter.
 * Archive files are read in place through @retromodel/archive.
 */
import { findInArchive, openArchive } from '@retromodel/archive';
import { fixtureSidecars, haveFixtures, listFixtures, memorySidecars, readFixture } from '@retromodel/test-utils';
import { type TranscodeInput, type TranscodeOptions, transcode } from '@retromodel/transcode';

/** A model to convert: its name (the GLB is `<name>.glb`), its input and reader options. */
export interface ModelSource {
  name: string;
  input: TranscodeInput;
  read?: TranscodeOptions['read'];
}

/** The Power Star from its archive, which gives it every animation of the archive that fits it. */
function powerStarSource(): ModelSource {
  return {
    name: 'PowerStar',
    input: { archive: readFixture('archives', 'nintendo_smg2_PowerStar.arc'), path: 'PowerStar.bdl' },
  };
}

/** The Pikmin 2 red Pikmin with a few BCA motions (the archive keeps them in motion/, beside piki_model/). */
export const PIKMIN_MOTIONS = ['wait.bca', 'walk.bca', 'run2.bca', 'jump.bca'];

/** The red Pikmin, the round-trip model. */
export function pikminSource(): ModelSource {
  const tree = openArchive(readFixture('archives', 'nintendo_pikmin2_pikis.yaz0'));
  const bytesAt = (path: string) => {
    const entry = findInArchive(tree, path);
    if (entry?.kind !== 'file') throw new Error(`pikis.yaz0 has no ${path}`);
    return entry.bytes;
  };
  const files = Object.fromEntries(PIKMIN_MOTIONS.map((m) => [m, bytesAt(`motion/${m}`)]));
  return {
    name: 'piki_p2_red',
    input: {
      bytes: bytesAt('piki_model/piki_p2_red.bmd'),
      fileName: 'piki_p2_red.bmd',
      sidecars: memorySidecars(files),
    },
    read: { j3d: { animations: PIKMIN_MOTIONS } },
  };
}

/** Every model the Blender test imports (none when the shared fixtures are absent). */
export function modelSources(): ModelSource[] {
  if (!haveFixtures) return [];
  const j3d = listFixtures('j3d', /\.(bmd|bdl)$/i).map((path): ModelSource => {
    const fileName = path.slice('j3d/'.length);
    return {
      name: fileName.replace(/\.(bmd|bdl)$/i, ''),
      input: { bytes: readFixture(path), fileName, sidecars: fixtureSidecars('j3d') },
    };
  });
  return [
    ...j3d,
    powerStarSource(),
    pikminSource(),
    {
      name: 'synth_repack_bigstrip',
      input: {
        bytes: readFixture('tmd', 'synth_repack_bigstrip.tmd'),
        fileName: 'synth_repack_bigstrip.tmd',
        sidecars: fixtureSidecars('tmd'),
      },
    },
    {
      name: 't3dm_snake',
      input: {
        bytes: readFixture('t3dm', '08_animation', 'filesystem', 'snake.t3dm'),
        fileName: 'snake.t3dm',
        sidecars: fixtureSidecars('t3dm', '08_animation', 'filesystem'),
      },
    },
    {
      name: 'tiny3d_snake_glb',
      input: {
        bytes: readFixture('t3dm', '08_animation', 'assets', 'snake.glb'),
        fileName: 'snake.glb',
        sidecars: fixtureSidecars('t3dm', '08_animation', 'assets'),
      },
    },
  ];
}

/** The model as `retromodel convert` makes it: a GLB, with the sidecars that went into it. */
export async function convertModel(source: ModelSource): Promise<{ glb: Uint8Array; sidecarsUsed: string[] }> {
  const result = await transcode(source.input, { to: 'glb', read: source.read });
  return { glb: result.files[0]!.bytes, sidecarsUsed: result.sidecarsUsed };
}
