/*
 * The product as a user gets it, not as the repository sees itself:
 * 1. A fresh clone of the committed repository, `npm ci` (whose `prepare` builds every package), then the
 *    README's `npx --no-install retromodel` on a real model, and the plugin's built entries.
 * 2. `npm pack` of every public workspace package in that clone (`npm run pack-packages`): each tarball holds what a published package needs
 *    and declares exactly the packages its code imports. The tarballs are installed into a new project in
 *    the OS temp folder (no workspace links), where the installed bin converts a model, a Vite app imports a
 *    model through the plugin and type-checks with the plugin's client types, and @retromodel/transcode runs
 *    from plain Node ESM and from a browser bundle (in Chromium when it is installed; CI installs it).
 * This tests the committed HEAD: commit before running it locally.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { expectValidGlb, fixture, fixturesDir, haveFixtures, repoPath } from '@retromodel/test-utils';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wasmModules } from '../../scripts/build-wasm.mjs';
import { loadedModules, moduleLogArgs } from '../cli/module-log.js';

const exec = promisify(execFile);
// The outer `npm test` exports npm_* settings (workspace, lifecycle); a user's shell has none of them.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));

async function run(cmd: string, args: string[], cwd: string): Promise<string> {
  return (await runWithWarnings(cmd, args, cwd)).stdout;
}

/** Runs a command that must succeed; gives what it printed on stdout and on stderr. */
async function runWithWarnings(cmd: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  try {
    return await exec(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

/** Runs `bin` in a process that logs the module files it and its worker threads load; returns those files. */
async function modulesLoadedBy(bin: string, args: string[], cwd: string): Promise<string[]> {
  const log = join(work, `modules-${Math.random().toString(36).slice(2)}.log`);
  const { args: nodeArgs, env: logEnv } = moduleLogArgs(log);
  await exec(process.execPath, [...nodeArgs, bin, ...args], { cwd, env: { ...env, ...logEnv } });
  return loadedModules(log);
}

/** The project's own sample models (made by its builders): a batch of three, so `--jobs 2` hands some to a worker. */
const batchModels = [
  repoPath('fixtures/cube.glb'),
  repoPath('fixtures/j3d/sample.bmd'),
  repoPath('fixtures/tmd/sample.tmd'),
];

/** Every file under `root` by relative path, with its bytes. */
async function filesUnder(root: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(await Promise.all(files.map(async (f) => [relative(root, f), await readFile(f)] as const)));
}

const npmFlags = ['--no-audit', '--no-fund', '--prefer-offline'];
const sharedModel = 'nintendo_tww_swa_skinned.bdl';
const chromiumPath = process.env.RETROMODEL_CHROMIUM ?? '/usr/bin/chromium';

let work: string;
let clone: string;
let tarballs: string[];
/** What `npm ci` printed in the fresh clone (stdout and stderr). */
let npmCiOutput: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'retromodel-install-'));
  clone = join(work, 'retromodel');
  await run('git', ['clone', '--quiet', repoPath(), clone], work);
  // The clone finds the shared fixtures where a checkout does: ../shared beside it.
  if (haveFixtures) await symlink(join(fixturesDir, '..'), join(work, 'shared'));
  const ci = await runWithWarnings('npm', ['ci', ...npmFlags], clone);
  npmCiOutput = ci.stdout + ci.stderr;
  const packs = join(work, 'tarballs');
  await mkdir(packs);
  await run('npm', ['run', 'pack-packages', '--', packs], clone);
  tarballs = (await readdir(packs)).filter((f) => f.endsWith('.tgz')).map((f) => join(packs, f));
}, 600_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a fresh clone after npm ci', () => {
  it('npm ci prints no warning (install scripts are reviewed in package.json#allowScripts)', () => {
    expect(npmCiOutput).not.toMatch(/npm warn/i);
    expect(npmCiOutput).toMatch(/added \d+ packages/);
  });

  it('runs `npx --no-install retromodel --help`', async () => {
    expect(await run('npx', ['--no-install', 'retromodel', '--help'], clone)).toMatch(/commands:[\s\S]*convert/);
  });

  it.skipIf(!haveFixtures)('converts a shared model with `npx --no-install retromodel convert`', async () => {
    const out = join(work, 'clone-out', 'x.glb');
    await run(
      'npx',
      ['--no-install', 'retromodel', 'convert', join('..', 'shared', 'fixtures', 'j3d', sharedModel), '-o', out],
      clone,
    );
    await expectValidGlb(new Uint8Array(await readFile(out)), 'x.glb');
  });

  it('links a bin that runs the bundle `prepare` built, not tsc output or node_modules, with its worker thread', async () => {
    const bundle = join(clone, 'packages', 'cli', 'dist', 'bundle');
    const bin = join(clone, 'node_modules', '.bin', 'retromodel');
    const out = join(work, 'clone-batch');
    const modules = await modulesLoadedBy(
      bin,
      ['convert', ...batchModels, '-o', out, '--to', 't3dm', '--jobs', '2'],
      clone,
    );
    const outside = modules.filter((m) => !m.startsWith(bundle) && !m.endsWith('/cli/bin/retromodel.cjs'));
    expect(outside).toEqual([]);
    expect(modules).toContain(join(bundle, 'convert-worker.cjs'));
    expect((await filesUnder(out)).size).toBeGreaterThan(batchModels.length);
  });

  it('has every plugin entry built', async () => {
    const entries = ['vite', 'rollup', 'webpack', 'esbuild', 'rspack'].map((b) => `unplugin-retromodel/${b}`);
    const script = `for (const e of ${JSON.stringify(entries)}) { const m = await import(e); if (typeof m.default !== 'function') throw new Error(e); }`;
    await run(process.execPath, ['--input-type=module', '-e', script], clone);
  });

  it('leaves the working tree clean after packing (the pack-time manifest is restored)', async () => {
    expect(await run('git', ['status', '--porcelain'], clone)).toBe('');
  });
});

/** Bare package names a built file imports (runtime `import`/`export from`/`import()` and d.ts type imports). */
function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
  for (const [, spec] of code.matchAll(specifiers)) {
    if (!spec || spec.startsWith('.') || spec.startsWith('node:')) continue;
    const parts = spec.split('/');
    names.add(spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
  }
  return names;
}

async function tarballFiles(tgz: string): Promise<string[]> {
  return (await run('tar', ['tzf', tgz], work)).split('\n').filter(Boolean);
}

async function tarballText(tgz: string, path: string): Promise<string> {
  return run('tar', ['xzf', tgz, '-O', `package/${path}`], work);
}

describe('npm pack of every public workspace package', () => {
  it('gives a tarball per public package', () => {
    expect(tarballs.map((t) => t.split(/[\\/]/).pop()).sort()).toEqual([
      'retromodel-archive-0.1.0.tgz',
      'retromodel-binary-0.1.0.tgz',
      'retromodel-cli-0.1.0.tgz',
      'retromodel-gltf-0.1.0.tgz',
      'retromodel-j3d-0.1.0.tgz',
      'retromodel-scene-0.1.0.tgz',
      'retromodel-t3dm-0.1.0.tgz',
      'retromodel-texture-0.1.0.tgz',
      'retromodel-tmd-0.1.0.tgz',
      'retromodel-transcode-0.1.0.tgz',
      'unplugin-retromodel-0.1.0.tgz',
    ]);
  });

  it('each holds dist with types, sources for the source maps, README and LICENSE, and a complete manifest', async () => {
    for (const tgz of tarballs) {
      const files = await tarballFiles(tgz);
      const manifest = JSON.parse(await tarballText(tgz, 'package.json'));
      for (const needed of ['package/README.md', 'package/LICENSE', 'package/dist/index.js', 'package/dist/index.d.ts'])
        expect(files, `${manifest.name}: ${needed}`).toContain(needed);
      // The WebAssembly modules (the T3DM writer's, the scene's value checks) ship with the AssemblyScript they
      // are built from.
      for (const module of wasmModules.filter((m) => manifest.name === `@retromodel/${m.pkg}`))
        expect(files).toContain(`package/assembly/${module.entry}`);
      // Every source map points at a file that is shipped.
      for (const map of files.filter((f) => f.endsWith('.js.map'))) {
        const { sources } = JSON.parse(await tarballText(tgz, map.slice('package/'.length)));
        for (const source of sources as string[]) {
          const target = join(map, '..', source).split('\\').join('/');
          expect(files, `${map} → ${source}`).toContain(target);
        }
      }
      expect(manifest.license).toBe('MIT');
      expect(manifest.repository?.url).toMatch(/^git\+https:/);
      expect(manifest.engines?.node).toMatch(/>=20/);
      expect(JSON.stringify(manifest.exports)).not.toMatch(/"source"/);
      for (const [dep, range] of Object.entries(manifest.dependencies ?? {}))
        if (String(dep).startsWith('@retromodel/')) expect(range, `${manifest.name} → ${dep}`).toBe('^0.1.0');
    }
  }, 300_000); // one tar process per file read: minutes on a busy machine

  it('each declares exactly the packages its built code imports (peers: the bundlers a plugin runs in)', async () => {
    for (const tgz of tarballs) {
      const manifest = JSON.parse(await tarballText(tgz, 'package.json'));
      // The CLI's bundle is left out: it holds its dependencies (with doc comments and messages that name
      // packages), and that it loads nothing from outside itself is checked by running it (below).
      const built = (await tarballFiles(tgz)).filter((f) =>
        /^package\/(dist|bin)\/(?!bundle\/).*\.(js|d\.ts)$/.test(f),
      );
      const imported = new Set<string>();
      for (const f of built)
        for (const name of importedPackages(await tarballText(tgz, f.slice('package/'.length)))) imported.add(name);
      imported.delete(manifest.name);
      const peers = new Set(Object.keys(manifest.peerDependencies ?? {}));
      const dependencies = Object.keys(manifest.dependencies ?? {}).sort();
      expect([...imported].filter((n) => !peers.has(n)).sort(), `${manifest.name} imports`).toEqual(dependencies);
    }
  }, 300_000);

  it('the CLI tarball holds the bundle, and no tsc build info (which would make the bin pick dist/bin.js)', async () => {
    const cli = tarballs.find((t) => t.includes('retromodel-cli-'))!;
    const files = await tarballFiles(cli);
    for (const file of [
      'bin/retromodel.cjs',
      'dist/bundle/retromodel.cjs',
      'dist/bundle/start.cjs',
      'dist/bundle/convert-worker.cjs',
      'dist/bin.js',
    ])
      expect(files).toContain(`package/${file}`);
    expect(files.filter((f) => f.endsWith('.tsbuildinfo'))).toEqual([]);
  });
});

describe('the tarballs installed into a new project outside the repository', () => {
  let app: string;

  beforeAll(async () => {
    app = join(work, 'app');
    await mkdir(join(app, 'src'), { recursive: true });
    const dependencies: Record<string, string> = {};
    for (const tgz of tarballs) {
      const { name } = JSON.parse(await tarballText(tgz, 'package.json'));
      dependencies[name] = `file:${tgz}`;
    }
    const rootManifest = JSON.parse(await readFile(repoPath('plugins/unplugin/package.json'), 'utf8'));
    const devDependencies = { vite: rootManifest.devDependencies.vite, typescript: '5.9.3' };
    await writeFile(
      join(app, 'package.json'),
      JSON.stringify({ name: 'user-app', private: true, type: 'module', dependencies, devDependencies }),
    );
    await run('npm', ['install', ...npmFlags], app);
    // The project's own sample model (made by its builders), not a shared fixture.
    await cp(repoPath('fixtures/j3d/sample.bmd'), join(app, 'src', 'x.bdl'));
  }, 600_000);

  it.skipIf(!haveFixtures)('the installed `retromodel` bin converts a shared model to a valid GLB', async () => {
    const bin = join(app, 'node_modules', '.bin', 'retromodel');
    await run(bin, ['convert', fixture('j3d', sharedModel), '-o', join(app, 'out', 'swa.glb')], app);
    await expectValidGlb(new Uint8Array(await readFile(join(app, 'out', 'swa.glb'))), 'swa.glb');
    expect(await run(bin, ['validate', join(app, 'out', 'swa.glb')], app)).toMatch(/0 errors/);
  });

  it('the installed bin runs its bundle alone, and a --jobs 2 batch (worker thread) gives the bytes of tsc output in one thread', async () => {
    const cli = join(app, 'node_modules', '@retromodel', 'cli');
    const bundle = join(cli, 'dist', 'bundle');
    const bundled = join(app, 'batch-bundle');
    const modules = await modulesLoadedBy(
      join(app, 'node_modules', '.bin', 'retromodel'),
      ['convert', ...batchModels, '-o', bundled, '--to', 't3dm', '--jobs', '2'],
      app,
    );
    expect(modules.filter((m) => !m.startsWith(bundle) && m !== join(cli, 'bin', 'retromodel.cjs'))).toEqual([]);
    expect(modules).toContain(join(bundle, 'convert-worker.cjs'));
    // The oracle: the installed package's unbundled tsc output, resolving its dependencies from node_modules.
    const compiled = join(app, 'batch-dist');
    await run(
      process.execPath,
      [join(cli, 'dist', 'bin.js'), 'convert', ...batchModels, '-o', compiled, '--to', 't3dm', '--jobs', '1'],
      app,
    );
    const [got, want] = [await filesUnder(bundled), await filesUnder(compiled)];
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    expect(want.size).toBeGreaterThan(batchModels.length);
    for (const [name, bytes] of want) expect(got.get(name)?.equals(bytes), name).toBe(true);
  });

  it('a Vite app imports a model through unplugin-retromodel/vite and type-checks with its client types', async () => {
    await writeFile(
      join(app, 'src', 'main.ts'),
      [
        "import url from './x.bdl';",
        "import scene from './x.bdl?scene';",
        'const href: string = url;',
        'const triangles: number = scene.counts.triangles;',
        "document.body.textContent = href + ' ' + triangles;",
        '',
      ].join('\n'),
    );
    await writeFile(
      join(app, 'vite.config.ts'),
      "import retromodel from 'unplugin-retromodel/vite';\nexport default { plugins: [retromodel()] };\n",
    );
    await writeFile(join(app, 'index.html'), '<script type="module" src="/src/main.ts"></script>\n');
    await writeFile(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['es2022', 'dom'],
          types: ['unplugin-retromodel/client'],
        },
        include: ['src', 'vite.config.ts'],
      }),
    );
    await run(join(app, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', '.'], app);
    await run(join(app, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], app);
    const assets = await readdir(join(app, 'dist', 'assets'));
    const glb = assets.find((a) => a.endsWith('.glb'));
    expect(glb).toBeDefined();
    await expectValidGlb(new Uint8Array(await readFile(join(app, 'dist', 'assets', glb!))), glb);
    const js = await readFile(join(app, 'dist', 'assets', assets.find((a) => a.endsWith('.js'))!), 'utf8');
    expect(js).toContain(glb);
  });

  it('@retromodel/transcode runs from plain Node ESM', async () => {
    const script = [
      "import { readFile } from 'node:fs/promises';",
      "import { transcode } from '@retromodel/transcode';",
      "const bytes = new Uint8Array(await readFile('src/x.bdl'));",
      "const { files } = await transcode({ bytes, fileName: 'x.bdl' }, { to: 'glb' });",
      "await import('node:fs').then((fs) => fs.writeFileSync('node-esm.glb', files[0].bytes));",
    ].join('\n');
    await writeFile(join(app, 'node-esm.mjs'), script);
    await run(process.execPath, ['node-esm.mjs'], app);
    await expectValidGlb(new Uint8Array(await readFile(join(app, 'node-esm.glb'))), 'node-esm.glb');
  });

  it('@retromodel/transcode runs from a browser bundle', async () => {
    const page = join(app, 'browser');
    await mkdir(page, { recursive: true });
    await cp(join(app, 'src', 'x.bdl'), join(page, 'x.bdl'));
    await writeFile(
      join(page, 'main.js'),
      [
        "import { transcode } from '@retromodel/transcode';",
        "import modelUrl from './x.bdl?url';",
        'async function go() {',
        '  const bytes = new Uint8Array(await (await fetch(modelUrl)).arrayBuffer());',
        "  const { files } = await transcode({ bytes, fileName: 'x.bdl' }, { to: 'glb' });",
        // T3DM: its writer's WebAssembly modules are compiled synchronously in the page.
        "  const t3dm = (await transcode({ bytes, fileName: 'x.bdl' }, { to: 't3dm' })).files[0].bytes;",
        '  const magic = (b) => String.fromCharCode(...b.subarray(0, 3));',
        "  document.title = ['glb', magic(files[0].bytes), files[0].bytes.length, 't3dm', magic(t3dm), t3dm.length].join(' ');",
        '}',
        "go().catch((e) => { document.title = 'error ' + e.message; });",
        '',
      ].join('\n'),
    );
    await writeFile(join(page, 'index.html'), '<script type="module" src="./main.js"></script>\n');
    await run(
      join(app, 'node_modules', '.bin', 'vite'),
      ['build', page, '--outDir', 'dist', '--logLevel', 'error'],
      app,
    );
    const dist = join(page, 'dist');
    const bundle = (await readdir(join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
    for (const f of bundle) expect(await readFile(join(dist, 'assets', f), 'utf8')).not.toMatch(/from\s*['"]node:/);
    if (!existsSync(chromiumPath)) {
      if (process.env.CI) throw new Error(`no Chromium at ${chromiumPath}: .ci/run should have installed it`);
      console.warn('[retromodel tests] no Chromium: the browser bundle was built but not run');
      return;
    }
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
    const server = createServer(async (req, res) => {
      const path = join(dist, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      const file = path.endsWith('/') ? join(path, 'index.html') : path;
      const body = await readFile(file).catch(() => undefined);
      res.writeHead(body ? 200 : 404, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    try {
      const tab = await browser.newPage();
      const scripts: string[] = [];
      tab.on('response', (r) => {
        if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
      });
      const address = server.address() as { port: number };
      await tab.goto(`http://127.0.0.1:${address.port}/`);
      await tab.waitForFunction(() => document.title.length > 0);
      expect(await tab.title()).toMatch(/^glb glT \d+ t3dm T3M \d+$/);
      // Converting a BDL loads none of the decoders of compressed glTF input (Draco, meshopt, WebP): they are
      // chunks of their own, fetched only for a file that uses them.
      const loaded = await Promise.all(scripts.map((path) => readFile(join(dist, path), 'utf8')));
      expect(loaded.length).toBeGreaterThan(1);
      for (const [i, code] of loaded.entries())
        expect(code, scripts[i]).not.toMatch(/meshopt\.decoder|webp_dec|draco3d\.decoder/);
      console.info(
        `[retromodel tests] BDL → GLB and T3DM in a browser loads ${loaded.length} scripts, ${Math.round(
          loaded.reduce((n, code) => n + code.length, 0) / 1024,
        )} KB`,
      );
    } finally {
      await browser.close();
      server.close();
    }
  });
});
