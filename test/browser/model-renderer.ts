/*
 * Renders GLBs with three.js in headless Chromium for the browser tests. The page (render-page.ts) is bundled
 * with esbuild, and it and the models are answered by Playwright request routing under an origin that never
 * reaches the network (http://render.test/), so no port is opened. Chromium runs with SwiftShader (software
 * WebGL), as in the viewer test. Each render answers the decoded RGBA pixels and the PNG itself, which the
 * tests write to a temporary folder when a check fails, and the track names of the animation it played.
 */
import { existsSync } from 'node:fs';
import { decodePng } from '@retromodel/gltf';
import { repoPath } from '@retromodel/test-utils';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { RenderRequest } from './render-page.js';

export const chromiumPath = process.env.RETROMODEL_CHROMIUM ?? '/usr/bin/chromium';
export const haveChromium = existsSync(chromiumPath);
// CI installs Chromium (.ci/run), so there a missing browser is a failure, not a skip.
if (!haveChromium && process.env.CI)
  throw new Error(`no Chromium at ${chromiumPath}: .ci/run should have installed it`);
if (!haveChromium)
  console.warn(`[retromodel tests] no Chromium at ${chromiumPath}: the three.js render test is skipped.`);

const origin = 'http://render.test';

/** One rendered image. */
export interface Render {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, rows top to bottom. */
  pixels: Uint8Array;
  png: Uint8Array;
  /** Track names of the played animation (none when nothing was played). */
  tracks: string[];
}

export type RenderOptions = Partial<Omit<RenderRequest, 'url'>>;

export interface ModelRenderer {
  /** Draws the GLB (see render-page.ts for the scene, the camera and `hide`). */
  render(glb: Uint8Array, options?: RenderOptions): Promise<Render>;
  /** Errors the page logged or threw so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Bundles the page, launches Chromium and opens the page. */
export async function openModelRenderer(): Promise<ModelRenderer> {
  const bundle = await build({
    entryPoints: [repoPath('test/browser/render-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.contents;
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  const errors: string[] = [];
  const models = new Map<string, Uint8Array>();
  let page: Page;
  try {
    page = await browser.newPage();
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.route(`${origin}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/')
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html><body style="margin:0"></body><script type="module" src="/page.js"></script></html>',
        });
      if (path === '/page.js') return route.fulfill({ contentType: 'text/javascript', body: Buffer.from(script) });
      const model = models.get(path);
      if (model) return route.fulfill({ contentType: 'model/gltf-binary', body: Buffer.from(model) });
      return route.fulfill({ status: 404 });
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => typeof window.renderModel === 'function');
  } catch (error) {
    await browser.close();
    throw error;
  }
  let count = 0;
  return {
    errors,
    async render(glb, options = {}) {
      const path = `/model-${++count}.glb`;
      models.set(path, glb);
      const request: RenderRequest = {
        url: path,
        hide: options.hide ?? [],
        direction: options.direction ?? [0.6, 0.5, 1],
        size: options.size ?? 256,
        background: options.background ?? 0x000000,
        pointer: options.pointer ?? false,
        ...(options.play ? { play: options.play } : {}),
      };
      const answer = await page.evaluate((r) => window.renderModel(r), request).finally(() => models.delete(path));
      const png = new Uint8Array(Buffer.from(answer.png.slice(answer.png.indexOf(',') + 1), 'base64'));
      const image = decodePng(png);
      return { width: image.width, height: image.height, pixels: image.pixels, png, tracks: answer.tracks };
    },
    close: () => browser.close(),
  };
}
