/*
 * Safe with anyone's files, through the real bin run from a user's folder (issue 36). Every input is made here
 * by the test builders (archives by buildU8/buildRarc/yaz0Literals, models by buildSampleBmd, scenes by
 * sceneToGlb), and the whole folder the user works in is hashed before and after each run: nothing may appear
 * outside the output folder, no input may change, and a refused archive leaves no partial tree.
 *   - archives whose entry names cannot be file names (`..`, `.`, empty, separators, control characters, a
 *     drive prefix, over 255 bytes, a Windows device name, `:`, a trailing period, two of one name, names that
 *     differ only in case), U8 and RARC, plain and
 *     Yaz0: `ls` shows them escaped, `extract` refuses before writing (exit 1, naming each entry and its offset),
 *     `convert` converts the safe models and lists each unsafe entry as a failed input;
 *   - no input replaced: an output that is an input (given, or reached through a link) fails its input; `pack`
 *     refuses an archive inside the folder it packs and an existing one without --force;
 *   - bad output folders fail at once, naming the folder; a folder converted three times gives what one run gives;
 *   - names that make one file name (images `tex 1` and `tex_1`, clips `walk cycle` and `walk_cycle`) give two files;
 *   - an image over 8192 pixels a side inside a GLB is refused before it is decoded (the process stays small);
 *     a 10,000-node GLB is refused for BDL before the joints are made;
 *   - SIGTERM ends a conversion under way, with no output or temporary left.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { decodeYaz0 } from '@retromodel/archive';
import { sceneToGlb } from '@retromodel/gltf';
import { encodePng } from '@retromodel/gltf/png';
import {
  type ArchiveBuildEntry,
  buildRarc,
  buildSampleBmd,
  buildU8,
  cubeScene,
  hashTree,
  repoPath,
  skinnedScene,
  yaz0Literals,
} from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
let root: string;
let cases = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'retromodel-safety-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Largest resident set of the process, in KB (reported by the process itself at exit). */
  maxRssKb?: number;
}

/** Reports the process's own peak memory on stderr as it exits. */
const reportMemory = `data:text/javascript,${encodeURIComponent(
  'process.on("exit", () => process.stderr.write("\\nmaxRSS=" + process.resourceUsage().maxRSS + "\\n"));',
)}`;

/**
 * Starts the bin in `cwd`; `started` sees the child. `ignoring` starts it with those signals ignored, as a shell
 * starts a background job (through sh's `trap "" …`, which exec keeps).
 */
function runBin(
  args: string[],
  cwd: string,
  started?: (child: ChildProcess) => void,
  ignoring: NodeJS.Signals[] = [],
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const node = [process.execPath, '--import', reportMemory, bin, ...args];
    const trap = `trap "" ${ignoring.map((s) => s.replace(/^SIG/, '')).join(' ')}; exec "$@"`;
    const child = ignoring.length
      ? spawn('/bin/sh', ['-c', trap, 'sh', ...node], { cwd })
      : spawn(node[0]!, node.slice(1), { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const memory = /\nmaxRSS=(\d+)\n$/.exec(stderr);
      resolve({
        code,
        signal,
        stdout,
        stderr: memory ? stderr.slice(0, memory.index) : stderr,
        ...(memory ? { maxRssKb: Number(memory[1]) } : {}),
      });
    });
    started?.(child);
  });
}

/** A fresh user folder `<root>/case-n/user` holding `files`, with an empty sibling `outside` to watch. */
async function userFolder(files: Record<string, Uint8Array>): Promise<{ home: string; user: string }> {
  const home = join(root, `case-${cases++}`);
  const user = join(home, 'user');
  await mkdir(join(home, 'outside'), { recursive: true });
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(join(user, name, '..'), { recursive: true });
    await writeFile(join(user, name), bytes);
  }
  return { home, user };
}

/** The files below `home` that a run added or changed, outside `allowed` (relative folder names). */
function changedOutside(home: string, before: Map<string, string>, allowed: string[]): string[] {
  const after = hashTree(home);
  return [...after]
    .filter(([path, hash]) => before.get(path) !== hash)
    .map(([path]) => path)
    .filter((path) => !allowed.some((a) => path.startsWith(`${a}/`)));
}

const model = buildSampleBmd();
const broken = model.slice(0, 100);
const text = (s: string) => new TextEncoder().encode(s);
const file = (name: string | Uint8Array, bytes: Uint8Array = text('data')): ArchiveBuildEntry => ({ name, bytes });

const builds: Record<string, (children: ArchiveBuildEntry[]) => Uint8Array> = {
  'U8.arc': buildU8,
  'U8.szs': (c) => yaz0Literals(buildU8(c)),
  'RARC.arc': buildRarc,
  'RARC.szs': (c) => yaz0Literals(buildRarc(c)),
};

/**
 * Each unsafe case: the entries beside a safe model, and the entries the report must name. Every case runs on
 * plain U8 and RARC (RARC has no folder named `..`: such an entry is the node's parent entry); the `yaz0` ones
 * also on their Yaz0-compressed forms (compression changes nothing about names, so a few suffice).
 */
const unsafeCases: { name: string; entries: ArchiveBuildEntry[]; named: string[]; u8Only?: boolean; yaz0?: boolean }[] =
  [
    {
      name: "a folder named '..'",
      entries: [{ name: '..', children: [file('x.txt'), file('evil.bmd', model)] }],
      named: ['"..'],
      u8Only: true,
      yaz0: true,
    },
    {
      name: "nested '..' folders",
      entries: [{ name: '..', children: [{ name: '..', children: [file('pwned.txt'), file('evil.bmd', model)] }] }],
      named: ['"..'],
      u8Only: true,
    },
    { name: "a file named '..'", entries: [file('..', model)], named: ['file ".."'], yaz0: true },
    { name: "a file named '.'", entries: [file('.')], named: ['file "."'] },
    { name: 'an empty name', entries: [file('', model)], named: ['file """"'] },
    { name: "a name with '/'", entries: [file('../../evil.bmd', model)], named: ['file "..\\/..\\/evil.bmd"'] },
    { name: 'a name with a backslash', entries: [file('..\\evil.bmd', model)], named: ['file "..\\\\evil.bmd"'] },
    { name: 'a control character', entries: [file('a\x1b[2Jb.txt')], named: ['file "a\\x1b[2Jb.txt"'] },
    { name: 'a drive prefix', entries: [file('C:evil.bmd', model)], named: ['file "C:evil.bmd"'] },
    { name: 'a name over 255 bytes', entries: [file(`${'x'.repeat(300)}.bmd`, model)], named: ['304 bytes long'] },
    { name: 'a Windows device name', entries: [file('nul.bmd', model)], named: ['file "nul.bmd"', 'device NUL'] },
    { name: 'a colon', entries: [file('evil:stream.bmd', model)], named: ['file "evil:stream.bmd"'], yaz0: true },
    { name: 'a trailing period (Windows drops it)', entries: [file('evil.bmd.', model)], named: ['file "evil.bmd."'] },
    {
      name: 'two entries of one name',
      entries: [file('dup.txt', text('one')), file('dup.txt', text('two'))],
      named: ['file "dup.txt"'],
    },
    {
      name: 'names that differ only in case',
      entries: [file('M.bmd', model), file('m.bmd', broken)],
      named: ['file "M.bmd"', 'file "m.bmd"'],
      yaz0: true,
    },
  ];

describe('archives whose entry names cannot be file names', () => {
  for (const [kind, build] of Object.entries(builds)) {
    for (const c of unsafeCases) {
      if ((c.u8Only && !kind.startsWith('U8')) || (kind.endsWith('.szs') && !c.yaz0)) continue;
      const bytes = build([{ name: 'ok', children: [file('safe.bmd', model)] }, ...c.entries]);

      it(`${kind}, ${c.name}: ls escapes it, extract writes nothing and exits 1, convert converts the rest`, async () => {
        const { home, user } = await userFolder({ [`game/${kind}`]: bytes });
        const before = hashTree(home);

        const listed = await runBin(['ls', `game/${kind}`], user);
        expect(listed.code).toBe(0);
        expect(listed.stdout).toMatch(/cannot be extracted as named:/);
        for (const n of c.named) expect(listed.stdout).toContain(n);
        // Escaped: no control character reaches the terminal.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be printed
        expect(listed.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);

        const extracted = await runBin(['extract', `game/${kind}`, '-o', 'out'], user);
        expect(extracted.code).toBe(1);
        expect(extracted.stderr).toMatch(/nothing extracted/);
        for (const n of c.named) expect(extracted.stderr).toContain(n);
        expect(extracted.stderr).toMatch(/(U8 nodes|RARC entries) @0x[0-9a-f]+/);
        expect(hashTree(home)).toEqual(before);

        const converted = await runBin(['convert', `game/${kind}`, '-o', 'out', '--jobs', '1'], user);
        expect(converted.code).toBe(1);
        expect(converted.stderr).toMatch(/✗ .*: refused: /);
        for (const n of c.named) expect(converted.stderr).toContain(n);
        expect(changedOutside(home, before, ['user/out'])).toEqual([]);
        const written = [...hashTree(join(user, 'out')).keys()];
        const stem = kind.slice(0, kind.lastIndexOf('.'));
        expect(written).toEqual([join(stem, 'ok', 'safe.glb')]);
      }, 60_000);
    }
  }

  it("extract writes Mario Kart Wii's single '.' folder as the output folder itself", async () => {
    const bytes = buildU8([
      { name: '.', children: [file('course.bmd', model), { name: 'sub', children: [file('a')] }] },
    ]);
    const { home, user } = await userFolder({ 'Course.szs': yaz0Literals(bytes) });
    const before = hashTree(home);
    const run = await runBin(['extract', 'Course.szs', '-o', 'out'], user);
    expect(run.code).toBe(0);
    expect(changedOutside(home, before, ['user/out'])).toEqual([]);
    expect([...hashTree(join(user, 'out')).keys()].sort()).toEqual([
      'course.bmd',
      'retromodel-layout.json',
      join('sub', 'a'),
    ]);
    // Packed by its layout, the folder is the archive again, its '.' folder included.
    const packed = await runBin(['pack', 'out', '-o', 'again.szs'], user);
    expect(packed.code, packed.stderr).toBe(0);
    expect(
      Buffer.from(decodeYaz0(new Uint8Array(await readFile(join(user, 'again.szs'))))).equals(Buffer.from(bytes)),
    ).toBe(true);
  });
});

describe('no input is ever replaced', () => {
  it('a texture a model writes is not written over the PNG given beside it; both inputs fail, named', async () => {
    const png = encodePng({ width: 2, height: 2, pixels: new Uint8Array(16).fill(200) });
    const { home, user } = await userFolder({ 'd/sample.bmd': model, 'd/checker.png': png });
    const before = hashTree(home);
    const run = await runBin(['convert', 'd/sample.bmd', 'd/checker.png', '--to', 't3dm', '--jobs', '1'], user);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/✗ \S*sample\.bmd: .*checker\.png would replace the input \S*checker\.png; give -o$/m);
    const after = hashTree(home);
    for (const input of ['user/d/sample.bmd', 'user/d/checker.png']) expect(after.get(input)).toBe(before.get(input));
  });

  it('an output reached through a linked folder is still recognised as the input it is', async () => {
    const glb = (await sceneToGlb(cubeScene())).bytes;
    const gltf = text('{"asset":{"version":"2.0"}}');
    const { user } = await userFolder({ 'models/m.glb': glb, 'models/m.gltf': gltf });
    await symlink(join(user, 'models'), join(user, 'alias'));
    const inputs = hashTree(join(user, 'models'));
    // m.glb's glTF would be alias/m.gltf: the file models/m.gltf, an input of the run.
    const run = await runBin(['convert', 'models/m.glb', 'models/m.gltf', '-o', 'alias', '--to', 'gltf'], user);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /✗ \S*m\.glb: .*alias\/m\.gltf would replace the input \S*models\/m\.gltf; give another -o$/m,
    );
    const after = hashTree(join(user, 'models'));
    for (const input of ['m.glb', 'm.gltf']) expect(after.get(input)).toBe(inputs.get(input));
  });

  it('an output whose every name is an input is refused before converting, advising -o as the run stands', async () => {
    const glb = (await sceneToGlb(cubeScene())).bytes;
    const gltf = text('{"asset":{"version":"2.0"}}');
    const { user } = await userFolder({ 'm.glb': glb, 'm.gltf': gltf, 'm.glb.gltf': gltf });
    const before = hashTree(user);
    // m.glb's glTF would be m.gltf, an input, and then m.glb.gltf, an input too.
    for (const [extra, advice] of [
      [[], 'give -o'],
      [['-o', '.'], 'give another -o'],
    ] as const) {
      const run = await runBin(['convert', 'm.glb', 'm.gltf', 'm.glb.gltf', '--to', 'gltf', ...extra], user);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        new RegExp(`✗ \\S*m\\.glb: .*m\\.glb\\.gltf would overwrite an input; ${advice}$`, 'm'),
      );
    }
    const after = hashTree(user);
    for (const input of ['m.glb', 'm.gltf', 'm.glb.gltf']) expect(after.get(input)).toBe(before.get(input));
  });

  it('pack refuses to write its archive inside the folder it packs, or over an existing file without --force', async () => {
    const glb = (await sceneToGlb(cubeScene())).bytes;
    const { home, user } = await userFolder({ 'same/m.glb': glb, 'keep.szs': text('keep') });
    const before = hashTree(home);
    const inside = await runBin(['pack', 'same', '-o', 'same/m.glb'], user);
    expect(inside.code).toBe(2);
    expect(inside.stderr).toMatch(/lies inside the folder being packed/);
    const existing = await runBin(['pack', 'same', '-o', 'keep.szs'], user);
    expect(existing.code).toBe(2);
    expect(existing.stderr).toMatch(/keep\.szs exists; give --force/);
    expect(hashTree(home)).toEqual(before);
    const forced = await runBin(['pack', 'same', '-o', 'keep.szs', '--force'], user);
    expect(forced.code).toBe(0);
    expect(Array.from((await readFile(join(user, 'keep.szs'))).subarray(0, 4))).toEqual([0x59, 0x61, 0x7a, 0x30]);
  });

  it('a folder converted three times without -o gives the files one run gives', async () => {
    const { user } = await userFolder({ 'models/x.bmd': model, 'models/sub/y.bmd': model });
    const once = await runBin(['convert', 'models', '-q'], user);
    expect(once.code).toBe(0);
    const first = hashTree(join(user, 'models'));
    expect([...first.keys()].sort()).toEqual(['sub/y.bmd', 'sub/y.glb', 'x.bmd', 'x.glb']);
    for (let i = 0; i < 2; i++) expect((await runBin(['convert', 'models', '-q'], user)).code).toBe(0);
    expect(hashTree(join(user, 'models'))).toEqual(first);
  });

  it("the user's own files named like Windows devices convert on this system (the rule is for names from files)", async () => {
    const { user } = await userFolder({ 'models/aux.bmd': model, 'models/con/NUL.bdl': model });
    const run = await runBin(['convert', 'models', '-o', 'out', '-q'], user);
    expect(run.code, run.stderr).toBe(0);
    expect([...hashTree(join(user, 'out')).keys()].sort()).toEqual(['aux.glb', join('con', 'NUL.glb')]);
  });
});

describe('names never collide silently', () => {
  it('two images named "tex 1" and "tex_1" become two files in T3DM and glTF outputs', async () => {
    const scene = cubeScene();
    const first = scene.images[0]!;
    if (first.kind !== 'rgba8') throw new Error('the cube has a decoded image');
    first.name = 'tex 1';
    scene.images.push({ ...first, name: 'tex_1', pixels: first.pixels.map((v) => 255 - v) });
    scene.textures.push({ image: 1, sampler: 0 });
    scene.materials.push({ ...scene.materials[0]!, name: 'other', baseColorTexture: { texture: 1, texCoord: 0 } });
    const mesh = scene.meshes[0]!;
    mesh.primitives.push({ ...mesh.primitives[0]!, material: 1 });
    const glb = (await sceneToGlb(scene, { optimize: false })).bytes;
    const { user } = await userFolder({ 'two.glb': glb });
    for (const [to, pngs] of [
      ['t3dm', ['tex_1.png', 'texture1.png']],
      ['gltf', ['two_tex_1.png', 'two_1.png']],
    ] as const) {
      const run = await runBin(['convert', 'two.glb', '--to', to, '-o', `out-${to}`], user);
      expect(run.code, run.stderr).toBe(0);
      const written = hashTree(join(user, `out-${to}`));
      expect([...written.keys()].filter((f) => f.endsWith('.png')).sort()).toEqual([...pngs].sort());
      expect(new Set(pngs.map((p) => written.get(p))).size).toBe(2);
    }
  }, 60_000);

  it('two clips named "walk cycle" and "walk_cycle" become two animation files beside a BDL', async () => {
    const scene = skinnedScene();
    scene.animations[0]!.name = 'walk cycle';
    scene.animations[1]!.name = 'walk_cycle';
    const { user } = await userFolder({ 'legs.glb': (await sceneToGlb(scene)).bytes });
    const run = await runBin(['convert', 'legs.glb', '--to', 'bdl', '-o', 'out'], user);
    expect(run.code, run.stderr).toBe(0);
    expect([...hashTree(join(user, 'out')).keys()].sort()).toEqual(['legs.bdl', 'walk_cycle.1.bck', 'walk_cycle.bck']);
  }, 60_000);
});

describe('output folders that cannot be written fail at once, naming the folder', () => {
  const cases: [string, string, RegExp][] = [
    ['under /proc', '/proc/nope/x.glb', /^error: cannot write in the output folder \/proc\/nope \(ENOENT\)/m],
    [
      'below a file',
      'models/x.bmd/out',
      /^error: cannot write in the output folder \S*models\/x\.bmd\/out \(ENOTDIR\)/m,
    ],
    ['below /dev/null', '/dev/null/x.glb', /^error: cannot write in the output folder \/dev\/null \(ENOTDIR\)/m],
  ];
  for (const [what, output, message] of cases)
    it(what, async () => {
      const { home, user } = await userFolder({ 'models/x.bmd': model });
      const before = hashTree(home);
      const run = await runBin(['convert', 'models/x.bmd', '-o', output], user);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(hashTree(home)).toEqual(before);
    });
});

/** A PNG chunk: length, type, data, CRC-32 of type and data (PNG spec §5.3). */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(text(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A PNG of `side`² transparent pixels (RGBA8, all zero), deflated: a small file that decodes to side² × 4 bytes. */
function zeroPng(side: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, side);
  new DataView(ihdr.buffer).setUint32(4, side);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(new Uint8Array((1 + side * 4) * side), { level: 1 })),
    pngChunk('IEND', new Uint8Array(0)),
  ];
  return Buffer.concat(parts);
}

describe('sizes read from a file bound the work', () => {
  it('a GLB holding a 16384² PNG is refused, for every output, before the image is decoded', async () => {
    const scene = cubeScene();
    scene.images[0] = { kind: 'encoded', name: 'huge', mimeType: 'image/png', data: zeroPng(16384) };
    const glb = (await sceneToGlb(scene, { optimize: false })).bytes;
    const { user } = await userFolder({ 'huge.glb': glb });
    for (const to of ['bti', 'bdl', 't3dm', 'glb']) {
      const run = await runBin(['convert', 'huge.glb', '--to', to, '-o', `out-${to}`], user);
      expect(run.code, to).toBe(1);
      expect(run.stderr).toMatch(/image 0 \(image\/png\): the image is 16384×16384 pixels; images of 1 to 8192/);
      expect(run.maxRssKb!, to).toBeLessThan(300 * 1024);
    }
  }, 60_000);

  it('a GLB of 10,000 nodes is refused for BDL by the size of its joint name table', async () => {
    const scene = cubeScene();
    for (let i = 0; i < 10_000; i++) {
      scene.nodes.push({ name: `node_with_a_longish_name_${i}`, children: [] });
      scene.roots.push(scene.nodes.length - 1);
    }
    const { user } = await userFolder({ 'nodes.glb': (await sceneToGlb(scene)).bytes });
    const run = await runBin(['convert', 'nodes.glb', '--to', 'bdl'], user);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/JNT1 cannot hold the scene's 10001 joints: .* u16 offsets/);
  }, 60_000);
});

describe('signals', () => {
  // An 8192² image (the largest read) to a CMPR BTI: seconds of decoding and block fitting, all synchronous.
  const cases: [NodeJS.Signals, number, NodeJS.Signals[]][] = [
    ['SIGTERM', 143, []],
    ['SIGINT', 130, ['SIGINT']],
  ];
  for (const [signal, code, ignoring] of cases)
    it(`${signal} ends a conversion under way at once${ignoring.length ? ' (started with it ignored, as a background job)' : ''}, leaving no output and no temporary`, async () => {
      const { user } = await userFolder({ 'big.png': zeroPng(8192) });
      let sent = 0;
      const args = ['convert', 'big.png', '--to', 'bti', '--format', 'cmpr', '-o', 'out'];
      const run = await runBin(
        args,
        user,
        (child) => {
          setTimeout(() => {
            sent = performance.now();
            child.kill(signal);
          }, 1500);
        },
        ignoring,
      );
      const latency = performance.now() - sent;
      expect(run.signal === signal || run.code === code, JSON.stringify(run)).toBe(true);
      // It ended because of the signal, not because the conversion finished: nothing was written.
      expect(latency).toBeLessThan(5000);
      expect(hashTree(join(user, 'out'))).toEqual(new Map());
    }, 60_000);
});
