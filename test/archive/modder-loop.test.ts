/*
 * The modder's loop, through the built bin, as the README gives it: extract an archive; convert each model of it
 * (from the extracted folder, so with every animation of the archive that fits it) to GLB; convert the GLB back
 * `--to bdl` or `--to bmd`, as the model was (model and animations); put the written files where the model and its animations were (a file named
 * like one of them takes its place, any other goes beside the model; the old animation files are removed, so every
 * clip of the new archive comes from the GLB); pack. Then independent readers compare the new archive with the
 * original: archives_dump.py (the archive opens and is consistent; every entry the loop did not write is still
 * there with its bytes, in the same order) and noclip's J3D loader (each model's joints, materials and triangles;
 * its textures and samplers; every clip, each file's kind, duration, loop mode and what it drives). The archives:
 * the Power Star (every animation kind), SamboHead (BTKs with other clocks than the BCK of their name, and a BTK
 * glTF plays nothing of), Ganondorf's ship (four models, a BCK folder) and an MKDD track (a BCK and a BCA of one
 * base name: two clips, each written back as its file).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { decodeYay0, decodeYaz0 } from '@retromodel/archive';
import {
  archiveOracle,
  fixture,
  haveArchiveOracle,
  haveFixtures,
  haveNoclip,
  type NoclipModel,
  noclipAnimation,
  noclipModel,
  repoPath,
} from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-loop-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runBin(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd: dir, maxBuffer: 1 << 26 });
  return stdout;
}

/** `info --json` of an archive: each model's clips and their files (paths in the archive). */
interface ArchiveInfo {
  models: { model: string; clips: { name: string; files: string[] }[] }[];
}
const infoOf = async (archive: string) => JSON.parse(await runBin(['info', archive, '--json'])) as ArchiveInfo;

const plain = (bytes: Uint8Array) => {
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  return magic === 'Yaz0' ? decodeYaz0(bytes) : magic === 'Yay0' ? decodeYay0(bytes) : bytes;
};

/** Every file below `folder`, as `/`-separated paths. */
async function filesBelow(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(folder.length + 1)
        .split('\\')
        .join('/'),
    );
}

/** What the loop made of one archive. */
interface Loop {
  original: ArchiveInfo;
  again: ArchiveInfo;
  before: ReturnType<typeof archiveOracle>;
  after: ReturnType<typeof archiveOracle>;
  /** Paths in the archive the loop wrote (models and animations) or removed. */
  touched: Set<string>;
  /** Bytes of every file of the original and the new archive, by path (from archives_dump.py's extraction). */
  files: { before: Map<string, Uint8Array>; after: Map<string, Uint8Array> };
  /** The GLB's clip names for each model, and the messages converting it gave. */
  glbClips: Map<string, string[]>;
  messages: Map<string, string[]>;
}

/** The files of an archive as archives_dump.py extracts them (an extraction independent of ours). */
async function oracleFiles(archive: string, into: string): Promise<Map<string, Uint8Array>> {
  await promisify(execFile)('python3', [fixture('..', 'tools', 'archives_dump.py'), '--extract', into, archive]);
  const out = new Map<string, Uint8Array>();
  for (const path of await filesBelow(into)) out.set(path, new Uint8Array(await readFile(join(into, path))));
  return out;
}

/** The clip names of a GLB (its JSON chunk's animations). */
async function glbClipNames(path: string): Promise<string[]> {
  const glb = await readFile(path);
  const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'));
  return (json.animations ?? []).map((a: { name?: string }) => a.name ?? '');
}

async function runLoop(name: string): Promise<Loop> {
  const work = join(dir, name);
  const archive = fixture('archives', name);
  const original = await infoOf(archive);
  const extracted = join(work, 'extracted');
  await runBin(['extract', archive, '-o', extracted]);
  const touched = new Set<string>();
  const glbClips = new Map<string, string[]>();
  const messages = new Map<string, string[]>();
  for (const { model, clips } of original.models) {
    const stem = basename(model).replace(/\.[^.]+$/, '');
    const kind = model.slice(model.lastIndexOf('.') + 1); // bdl or bmd, as the game has it
    const glbDir = join(work, 'glb', model);
    const backDir = join(work, 'back', model.replace(/\.[^./]+$/, ''));
    const report = JSON.parse(
      await runBin(['convert', join(extracted, model), '-o', join(glbDir, `${stem}.glb`), '--json']),
    );
    messages.set(
      model,
      report.files[0].diagnostics.map((d: { code: string; message: string }) => `${d.code}: ${d.message}`),
    );
    glbClips.set(model, await glbClipNames(join(glbDir, `${stem}.glb`)));
    await runBin(['convert', join(glbDir, `${stem}.glb`), '--to', kind, '-o', backDir]);
    // The model and its animations as the GLB gives them back replace the old ones.
    const animationFiles = clips.flatMap((c) => c.files);
    for (const path of [model, ...animationFiles]) {
      await rm(join(extracted, path));
      touched.add(path);
    }
    const byName = new Map(animationFiles.map((p) => [basename(p), p]));
    for (const file of await readdir(backDir)) {
      const at =
        file === `${stem}.${kind}` ? model : (byName.get(file) ?? join(dirname(model), file).replace(/^\.\//, ''));
      touched.add(at);
      await mkdir(dirname(join(extracted, at)), { recursive: true });
      await copyFile(join(backDir, file), join(extracted, at));
    }
  }
  const repacked = join(work, `again-${name}`);
  await runBin(['pack', extracted, '-o', repacked]);
  return {
    original,
    again: await infoOf(repacked),
    before: archiveOracle(plain(new Uint8Array(await readFile(archive)))),
    after: archiveOracle(plain(new Uint8Array(await readFile(repacked)))),
    touched,
    files: {
      before: await oracleFiles(archive, join(work, 'oracle-before')),
      after: await oracleFiles(repacked, join(work, 'oracle-after')),
    },
    glbClips,
    messages,
  };
}

const loops = [
  'nintendo_smg2_PowerStar.arc',
  'nintendo_smg2_SamboHead.arc',
  'community_tww_Ganondorf_Ship.arc',
  'community_mkdd_dstestcircle_track_v1.arc',
];

for (const name of loops) {
  describe.skipIf(!haveFixtures || !haveNoclip || !haveArchiveOracle)(`the modder's loop on ${name}`, () => {
    let loop: Loop;
    beforeAll(async () => {
      loop = await runLoop(name);
    }, 300_000);

    it('each model converts with every clip of the archive that fits it (one glTF cannot play is named in a warning)', () => {
      for (const { model, clips } of loop.original.models) {
        const got = loop.glbClips.get(model)!;
        for (const clip of clips) {
          if (got.includes(clip.name)) continue;
          // Only a clip of material animations glTF plays nothing of (SamboHead.btk: a texture matrix no texture
          // reads) may be absent, with a warning naming it.
          expect(
            clip.files.every((f) => !/\.bc[ka]$/.test(f)),
            `${model}: ${clip.name}`,
          ).toBe(true);
          expect(loop.messages.get(model)!.join('\n'), `${model}: ${clip.name}`).toMatch(
            new RegExp(`j3d/anim-not-played: animation "${clip.name}"`),
          );
        }
        expect(
          got.every((c) => clips.some((o) => o.name === c)),
          model,
        ).toBe(true);
      }
      // Every BCK of PowerStar.arc and of SamboHead.arc is a clip of its model (19 and 12).
      const bckClips = (model: string) => loop.glbClips.get(model)!.filter((c) => c !== 'PowerStarColor');
      if (name === 'nintendo_smg2_PowerStar.arc') expect(bckClips('PowerStar.bdl')).toHaveLength(19);
      if (name === 'nintendo_smg2_SamboHead.arc') expect(bckClips('SamboHead.bdl')).toHaveLength(12);
      // A BCK and a BCA of one base name are two clips, the BCA's named by its file name, with a warning.
      if (name === 'community_mkdd_dstestcircle_track_v1.arc') {
        expect(loop.glbClips.get('objects/mariotree1.bmd')!.sort()).toEqual(['mariotree1_wait', 'mariotree1_wait.bca']);
        expect(loop.messages.get('objects/mariotree1.bmd')!.join('\n')).toMatch(
          /j3d\/joint-clips-one-name: "mariotree1_wait\.bca" and "mariotree1_wait\.bck" are two joint animations/,
        );
      }
    });

    it('the packed archive opens and is consistent; every entry the loop did not write is there, as it was, in order', () => {
      expect(loop.after.checks.problems).toEqual([]);
      for (const check of [
        'fileSizeMatches',
        'dataSizePlusOffsetIsFileSize',
        'dotEntriesLastInEachNode',
        'allHashesValid',
      ])
        expect(loop.after.checks[check], check).toBe(true);
      const kept = (files: typeof loop.before.files) => files.filter((f) => !loop.touched.has(f.path));
      expect(kept(loop.after.files).map((f) => [f.path, f.sha256])).toEqual(
        kept(loop.before.files).map((f) => [f.path, f.sha256]),
      );
    });

    it("each model keeps its joints, materials and triangles (noclip, against the original's)", async () => {
      for (const { model } of loop.original.models) {
        const [was, is] = [
          await noclipModel(loop.files.before.get(model)!),
          await noclipModel(loop.files.after.get(model)!),
        ];
        expect({ joints: is.joints, materials: is.materials, triangles: is.triangles }, model).toEqual({
          joints: was.joints,
          materials: was.materials,
          triangles: was.triangles,
        });
      }
    });

    it('each model keeps every texture and sampler: name, GX and palette format, size, mips, data bytes, pixels of every mip', async () => {
      for (const { model } of loop.original.models) {
        const was: NoclipModel = await noclipModel(loop.files.before.get(model)!);
        const is: NoclipModel = await noclipModel(loop.files.after.get(model)!);
        expect(is.textures, model).toEqual(was.textures);
        expect(is.samplers, model).toEqual(was.samplers);
      }
    });

    it('every clip comes back for its model, each file with its kind, duration, loop mode and tracks', async () => {
      for (const { model, clips } of loop.original.models) {
        const again = loop.again.models.find((m) => m.model === model)!;
        expect(again.clips.map((c) => c.name).sort(), model).toEqual(clips.map((c) => c.name).sort());
        for (const clip of clips) {
          const files = again.clips.find((c) => c.name === clip.name)!.files;
          const read = async (paths: string[], from: Map<string, Uint8Array>) =>
            (await Promise.all(paths.map((p) => noclipAnimation(from.get(p)!)))).sort((a, b) =>
              a!.kind.localeCompare(b!.kind),
            );
          expect(await read(files, loop.files.after), `${model}: ${clip.name}`).toEqual(
            await read(clip.files, loop.files.before),
          );
        }
      }
    });

    it('every entry of the archive keeps its index, name and ID', () => {
      const row = (e: { index: number; name: string; id: string }) => `${e.index} ${e.name} ${e.id}`;
      expect(loop.after.entries!.map(row)).toEqual(loop.before.entries!.map(row));
    });
  });
}
