/*
 * examples/viewer end to end. Built with Vite's JS API: no module of this repository may import a Node built-in
 * into the browser bundle, and the build logs no warning. Served from 127.0.0.1 by a small static server and
 * opened in headless Chromium: the sample model must render (a clear share of non-background pixels) and
 * animate (two frames differ) with no console errors; dropping a .gltf with its .bin and texture (and, when the
 * J3D adapter and fixtures are there, a .bdl with its .bck) must produce a downloadable GLB that validates; a
 * dropped archive gives its model with every animation of the archive that fits it (PowerStar.arc, SamboHead.arc),
 * and a clip picked in the panel plays; a broken file is reported on the page; the warnings of a conversion are listed as the CLI prints them, and
 * the archive's model list shows only once an archive is dropped. Finally the page runs in the Vite dev server, where the model must come
 * from the plugin's dev middleware. Skipped with a message when Chromium is absent.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { decodePng, sceneToGltf } from '@retromodel/gltf';
import { cubeScene, expectValidGlb, fixture, haveFixtures, readFixture, repoPath } from '@retromodel/test-utils';
import { type Browser, chromium, type Page } from 'playwright-core';
import {
  build,
  createLogger,
  createServer as createViteServer,
  type InlineConfig,
  type Plugin,
  type ViteDevServer,
} from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './dev-server.js';

const chromiumPath = process.env.RETROMODEL_CHROMIUM ?? '/usr/bin/chromium';
const haveChromium = existsSync(chromiumPath);
// CI installs Chromium (.ci/run), so there a missing browser is a failure, not a skip.
if (!haveChromium && process.env.CI)
  throw new Error(`no Chromium at ${chromiumPath}: .ci/run should have installed it`);
if (!haveChromium)
  console.warn(`[retromodel tests] no Chromium at ${chromiumPath}: the viewer browser test is skipped.`);

const viewerDir = repoPath('examples/viewer');
const background = [0x1d, 0x21, 0x28];
const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.glb': 'model/gltf-binary',
};

let workDir: string;
let outDir: string;
let server: Server;
let origin: string;
let browser: Browser | undefined;
const buildWarnings: string[] = [];
/** Node built-ins imported by modules of this repository (not node_modules) while bundling for the browser. */
const nodeImports: string[] = [];
const recordNodeImports: Plugin = {
  name: 'record-node-imports',
  enforce: 'pre',
  resolveId(source, importer) {
    if ((source.startsWith('node:') || builtinModules.includes(source)) && !importer?.includes('/node_modules/'))
      nodeImports.push(`${source} imported by ${importer}`);
    return null;
  },
};

/** Serves `root` read-only on 127.0.0.1 at a free port. */
function serveStatic(root: string): Promise<{ server: Server; origin: string }> {
  const srv = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname));
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      resolve({ server: srv, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'retromodel-viewer-'));
  outDir = join(workDir, 'dist');
  const config = (await import('../../examples/viewer/vite.config.js')).default as InlineConfig;
  const logger = createLogger('warn', { allowClearScreen: false });
  logger.warn = (msg) => void buildWarnings.push(msg);
  logger.warnOnce = (msg) => void buildWarnings.push(msg);
  await build({
    ...config,
    configFile: false,
    root: viewerDir,
    plugins: [recordNodeImports, ...(config.plugins ?? [])],
    customLogger: logger,
    logLevel: 'warn',
    build: { ...config.build, outDir, emptyOutDir: true },
  });
  ({ server, origin } = await serveStatic(outDir));
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  await rm(workDir, { recursive: true, force: true });
});

let shots = 0;

/**
 * Opens the viewer at `url` in a new page (launching Chromium once) and waits until it shows a model.
 * Console errors go to `consoleErrors`; responses for converted models (`/@retromodel/...`) to `modelResponses`.
 */
async function openViewer(url: string, consoleErrors: string[], modelResponses: string[] = []): Promise<Page> {
  browser ??= await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  const page = await browser.newPage({ viewport: { width: 800, height: 500 }, acceptDownloads: true });
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  page.on('response', (r) => {
    if (r.url().includes('/@retromodel/')) modelResponses.push(`${r.status()} ${r.headers()['content-type']}`);
  });
  await page.goto(`${url}/`);
  await page.waitForSelector('body[data-state="ready"], body[data-state="error"]', { timeout: 30_000 });
  return page;
}

/** Share of canvas pixels that differ from the page background, and the raw pixels. */
async function canvasPixelsOf(page: Page): Promise<{ share: number; pixels: Uint8Array }> {
  const png = await page.locator('#view').screenshot();
  // RETROMODEL_KEEP_SCREENSHOTS=<folder> keeps every screenshot, to look at what the test saw.
  const keep = process.env.RETROMODEL_KEEP_SCREENSHOTS;
  if (keep) await mkdir(keep, { recursive: true }).then(() => writeFile(join(keep, `viewer-${++shots}.png`), png));
  const image = decodePng(new Uint8Array(png));
  let differing = 0;
  for (let i = 0; i < image.pixels.length; i += 4) {
    const d =
      Math.abs(image.pixels[i]! - background[0]!) +
      Math.abs(image.pixels[i + 1]! - background[1]!) +
      Math.abs(image.pixels[i + 2]! - background[2]!);
    if (d > 24) differing++;
  }
  return { share: differing / (image.width * image.height), pixels: image.pixels };
}

describe('examples/viewer build', () => {
  it('bundles for the browser without Node built-ins', async () => {
    expect(nodeImports).toEqual([]);
    expect(buildWarnings).toEqual([]);
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const script = /src="\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const code = await readFile(join(outDir, script!), 'utf8');
    expect(code).not.toMatch(/from\s*["']node:|require\(["']node:/);
    // The sample model was converted and emitted as an asset, not inlined.
    expect(code).toMatch(/spinning-cube-[\w-]{8}\.glb/);
  });
});

describe.runIf(haveChromium)('examples/viewer in Chromium', () => {
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    page = await openViewer(origin, consoleErrors);
  });
  const canvasPixels = () => canvasPixelsOf(page);

  it('renders the sample model and plays its animation, without console errors', async () => {
    expect(await page.getAttribute('body', 'data-state')).toBe('ready');
    expect(await page.getAttribute('body', 'data-animations')).toBe('spin');
    const first = await canvasPixels();
    expect(first.share).toBeGreaterThan(0.05);
    // Ten frames later the animation has moved on.
    const drawn = Number(await page.getAttribute('canvas', 'data-frames'));
    await page.waitForFunction((n) => Number(document.querySelector('canvas')?.dataset.frames) >= n, drawn + 10);
    const second = await canvasPixels();
    expect(second.pixels).not.toEqual(first.pixels);
    expect(consoleErrors).toEqual([]);
    // No archive dropped yet: no "Model in the archive" list, and no warnings.
    expect(await page.isVisible('text=Model in the archive')).toBe(false);
    expect(await page.isVisible('#warnings')).toBe(false);
  });

  /** Drops files on the page's drop zone, as a user dragging them from a file manager would. */
  /** Picked in the panel, `clip` plays: within a few seconds of frames (the machine may be busy) the model moves. */
  async function expectClipPlays(clip: string): Promise<void> {
    await page.selectOption('#animation', clip);
    const before = await canvasPixels();
    let after = before;
    for (let tries = 0; tries < 20 && after.pixels.every((v, i) => v === before.pixels[i]); tries++) {
      const drawn = Number(await page.getAttribute('canvas', 'data-frames'));
      await page.waitForFunction((n) => Number(document.querySelector('canvas')?.dataset.frames) >= n, drawn + 10);
      after = await canvasPixels();
    }
    expect(Math.max(before.share, after.share), `${clip}: the model is in view`).toBeGreaterThan(0.001);
    expect(after.pixels, clip).not.toEqual(before.pixels);
  }

  async function dropFiles(files: { name: string; bytes: Uint8Array }[]): Promise<void> {
    const list = files.map((f) => ({ name: f.name, data: Buffer.from(f.bytes).toString('base64') }));
    await page.evaluate((items) => {
      const transfer = new DataTransfer();
      for (const f of items)
        transfer.items.add(new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name));
      const target = document.querySelector('#drop')!;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, list);
  }

  /** Waits for the conversion, clicks the download link and returns the downloaded GLB. */
  async function downloadGlb(expectedName: string): Promise<Uint8Array> {
    await page.waitForSelector(`#download:not([hidden])[download="${expectedName}"]`, { timeout: 20_000 });
    await page.waitForSelector('body[data-state="ready"], body[data-state="error"]', { timeout: 20_000 });
    expect(await page.getAttribute('body', 'data-state'), (await page.textContent('#status')) ?? '').toBe('ready');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    expect(download.suggestedFilename()).toBe(expectedName);
    return new Uint8Array(await readFile(await download.path()));
  }

  it('converts a dropped .gltf with its sidecars into a downloadable GLB', async () => {
    const gltf = await sceneToGltf(cubeScene(), { baseName: 'dropped' });
    await dropFiles(gltf.files);
    await expectValidGlb(await downloadGlb('dropped.glb'), 'dropped.glb');
    expect((await canvasPixels()).share).toBeGreaterThan(0.05);
    expect(consoleErrors).toEqual([]);
  });

  it('lists the warnings of a conversion one line per code, as the CLI prints them', async () => {
    // A glTF listing two optional extensions nothing reads: two warnings of one code.
    const gltf = await sceneToGltf(cubeScene(), { baseName: 'warned' });
    const files = gltf.files.map((f) => {
      if (!f.name.endsWith('.gltf')) return f;
      const json = JSON.parse(new TextDecoder().decode(f.bytes));
      json.extensionsUsed = ['EXT_retromodel_test_one', 'EXT_retromodel_test_two'];
      return { ...f, bytes: new TextEncoder().encode(JSON.stringify(json)) };
    });
    const folder = join(workDir, 'warned');
    await mkdir(folder, { recursive: true });
    for (const f of files) await writeFile(join(folder, f.name), f.bytes);
    const cli = await new Promise<string>((resolve) =>
      execFile(
        process.execPath,
        [
          repoPath('packages/cli/bin/retromodel.cjs'),
          'convert',
          join(folder, 'warned.gltf'),
          '-o',
          join(folder, 'out.glb'),
        ],
        (_error, _stdout, stderr) => resolve(stderr),
      ),
    );
    const cliLines = cli
      .trim()
      .split('\n')
      .map((line) => line.slice(`${join(folder, 'warned.gltf')}: `.length));
    expect(cliLines).toEqual([
      expect.stringMatching(/^warning 2 × gltf\/extension-ignored: optional extension EXT_retromodel_test_one/),
    ]);
    await dropFiles(files);
    await downloadGlb('warned.glb');
    expect(await page.$$eval('#warnings li', (items) => items.map((li) => li.textContent))).toEqual(cliLines);
    expect(await page.isVisible('#warnings')).toBe(true);
    expect(await page.isVisible('text=Model in the archive')).toBe(false);
  });

  it.runIf(haveFixtures)('converts a dropped .bdl with its .bck, animation included', async () => {
    // The .bck is offered under the model's base name, so the J3D reader picks it up as the model's own.
    await dropFiles([
      { name: 'community_wwrando_vscroll.bdl', bytes: readFixture('j3d', 'community_wwrando_vscroll.bdl') },
      { name: 'community_wwrando_vscroll.bck', bytes: readFixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck') },
    ]);
    await expectValidGlb(await downloadGlb('community_wwrando_vscroll.glb'), 'community_wwrando_vscroll.glb');
    expect(await page.getAttribute('body', 'data-animations')).toBe('community_wwrando_vscroll');
    expect((await canvasPixels()).share).toBeGreaterThan(0.01);
    expect(consoleErrors).toEqual([]);
  });

  it.runIf(haveFixtures)(
    "converts a model from a dropped game archive, listing the models inside, and plays the archive's clips",
    async () => {
      await dropFiles([{ name: 'PowerStar.arc', bytes: readFixture('archives', 'nintendo_smg2_PowerStar.arc') }]);
      await expectValidGlb(await downloadGlb('PowerStar.glb'), 'PowerStar.glb');
      const listed = await page.$$eval('#archive-model option', (options) => options.map((o) => o.textContent));
      expect(listed).toEqual(['PowerStar.bdl']);
      expect(await page.isVisible('text=Model in the archive')).toBe(true);
      expect(await page.textContent('#status')).toMatch(/PowerStar\.arc: PowerStar\.bdl/);
      // The panel's list of warnings scrolls; the view keeps the window's height.
      expect((await page.locator('#view').boundingBox())?.height).toBe(page.viewportSize()?.height);
      // Every BCK of the archive (19, as the independent dumper counts them) is a clip, and PowerStarColor's
      // material, pattern and visibility files one more.
      const clips = ((await page.getAttribute('body', 'data-animations')) ?? '').split(',');
      expect(clips).toHaveLength(20);
      expect(clips).toContain('PowerStarColor');
      expect(clips).toEqual(expect.arrayContaining(['TakeOutStar', 'ResultFly', 'DemoSandyDown']));
      for (const clip of ['TakeOutStar', 'TrickRabbitWait']) await expectClipPlays(clip);
      expect(consoleErrors).toEqual([]);
    },
  );

  it.runIf(haveFixtures)(
    'converts SamboHead from its dropped archive with every BCK of the archive as a clip, and plays them',
    async () => {
      await dropFiles([{ name: 'SamboHead.arc', bytes: readFixture('archives', 'nintendo_smg2_SamboHead.arc') }]);
      await expectValidGlb(await downloadGlb('SamboHead.glb'), 'SamboHead.glb');
      // The clips are the archive's 12 BCKs, as the independent dumper lists them (their BTKs play in the clip of
      // their name; SamboHead.btk animates nothing glTF shows).
      const dump = JSON.parse(
        readFileSync(fixture('archives', 'expected', 'nintendo_smg2_SamboHead.arc.json'), 'utf8'),
      ).dump;
      const bcks = (dump.inner.rarc.files as { path: string }[])
        .map((f) => f.path)
        .filter((p) => p.endsWith('.bck'))
        .map((p) => p.replace(/\.bck$/, ''));
      expect(bcks).toHaveLength(12);
      const clips = ((await page.getAttribute('body', 'data-animations')) ?? '').split(',');
      expect(clips.sort()).toEqual(bcks.sort());
      for (const clip of ['Wait', 'Hit', 'Run']) await expectClipPlays(clip);
      expect(consoleErrors).toEqual([]);
    },
  );

  it('reports a broken model on the page', async () => {
    await dropFiles([{ name: 'bad.glb', bytes: Uint8Array.from([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 0xff, 0, 0, 0]) }]);
    await page.waitForSelector('body[data-state="error"]', { timeout: 10_000 });
    expect(await page.textContent('#status')).toMatch(/gltf .*@0x[0-9a-f]+: .*truncated/);
  });
});

describe.runIf(haveChromium)('examples/viewer in the Vite dev server', () => {
  let dev: ViteDevServer | undefined;
  afterAll(() => dev?.close());

  it('serves the converted sample model from memory and renders it', async () => {
    const config = (await import('../../examples/viewer/vite.config.js')).default as InlineConfig;
    const port = await freePort();
    dev = await createViteServer({
      ...config,
      configFile: false,
      root: viewerDir,
      logLevel: 'silent',
      cacheDir: join(workDir, 'vite-cache'),
      server: { host: '127.0.0.1', port, strictPort: true },
    });
    await dev.listen();
    const consoleErrors: string[] = [];
    const modelResponses: string[] = [];
    const page = await openViewer(`http://127.0.0.1:${port}`, consoleErrors, modelResponses);
    expect(await page.getAttribute('body', 'data-state'), (await page.textContent('#status')) ?? '').toBe('ready');
    // The model came from the plugin's dev middleware, not a data: URL or the source file.
    expect(modelResponses).toEqual(['200 model/gltf-binary']);
    expect((await canvasPixelsOf(page)).share).toBeGreaterThan(0.05);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
