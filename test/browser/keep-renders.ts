/*
 * Renders of one browser test, kept for a person to look at: written to a new temporary folder when the test
 * fails (the path is printed), and always to the folder RETROMODEL_KEEP_SCREENSHOTS names, when it is set.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFailed } from 'vitest';
import type { ModelRenderer, Render, RenderOptions } from './model-renderer.js';

/** A render function for the running test `test` that keeps every PNG it makes, with `defaults` under each call's options. */
export function keepRenders(renderer: ModelRenderer, test: string, defaults: RenderOptions = {}) {
  const renders: { name: string; png: Uint8Array }[] = [];
  onTestFailed(async () => {
    const dir = await mkdtemp(join(tmpdir(), `retromodel-render-${test}-`));
    for (const r of renders) await writeFile(join(dir, `${r.name}.png`), r.png);
    console.error(`[retromodel tests] ${test}: renders written to ${dir}`);
  });
  const keep = process.env.RETROMODEL_KEEP_SCREENSHOTS;
  return async (name: string, glb: Uint8Array, options: RenderOptions = {}): Promise<Render> => {
    const image = await renderer.render(glb, { ...defaults, ...options });
    renders.push({ name, png: image.png });
    if (keep)
      await mkdir(keep, { recursive: true }).then(() => writeFile(join(keep, `${test}-${name}.png`), image.png));
    return image;
  };
}
