/*
 * The diagnostic codes the sources can emit, read from the sources themselves (not from a list kept beside them):
 *   - every string literal shaped `<prefix>/<kebab-name>` whose prefix names a package's diagnostics
 *     (`'j3d/irreducible-tev'`, `` `t3dm/base-scale` ``);
 *   - the short names passed to the helpers that add the prefix themselves (`warn('empty-mesh', …)` in the gltf
 *     package becomes `gltf/empty-mesh`; the scene package's `warn` gives `scene/…`); the scene package's
 *     `error(…)` findings are never returned as diagnostics (readers and writers throw them), so they are not read;
 *   - template codes with one `${kind}` part, expanded over the kinds the file lists for it (`kindsOf`).
 * Comments are removed first, so a code named in a comment does not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const prefixes = ['gltf', 'j3d', 'tmd', 'tml', 'tkl', 't3dm', 'transcode', 'scene', 'archive', 'bti', 'png'];
const literal = new RegExp(`['\`]((?:${prefixes.join('|')})/[a-z0-9][a-z0-9-]*)['\`]`, 'g');
const template = new RegExp(`\`((?:${prefixes.join('|')})/[a-z0-9-]*)\\$\\{(\\w+)\\}([a-z0-9-]*)\``, 'g');

/** Packages whose own helpers prefix a short code, and the helper names that do it there. */
const prefixingHelpers: { under: string; prefix: string; helpers: string[] }[] = [
  { under: 'packages/gltf/src', prefix: 'gltf', helpers: ['warn', 'info'] },
  { under: 'packages/scene/src', prefix: 'scene', helpers: ['warn'] },
];

/** Source text without comments (line comments only where `//` is not inside a string or URL). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Every code the sources under `packages/` and `plugins/` emit, with the files that emit it. `kindsOf(code
 * template)` gives the values of a template's `${…}` part (say, `j3d/${kind}-joint-count` → ['bck', 'bca']);
 * a template it has no kinds for is returned under its own text, so a test sees it.
 */
export function emittedCodes(root: string, kindsOf: (template: string) => string[] | undefined): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (code: string, file: string) => {
    const files = found.get(code) ?? [];
    if (!files.includes(file)) files.push(file);
    found.set(code, files);
  };
  const dirs = ['packages', 'plugins'].flatMap((top) =>
    readdirSync(join(root, top), { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'test-utils' && e.name !== 'cli')
      .map((e) => join(root, top, e.name, 'src')),
  );
  for (const dir of dirs) {
    let files: string[];
    try {
      files = sourceFiles(dir);
    } catch {
      continue;
    }
    for (const path of files) {
      const file = relative(root, path);
      const text = withoutComments(readFileSync(path, 'utf8'));
      for (const m of text.matchAll(literal)) add(m[1]!, file);
      for (const m of text.matchAll(template)) {
        const shape = `${m[1]}\${${m[2]}}${m[3]}`;
        const kinds = kindsOf(shape);
        if (!kinds) add(shape, file);
        else for (const kind of kinds) add(`${m[1]}${kind}${m[3]}`, file);
      }
      for (const { under, prefix, helpers } of prefixingHelpers) {
        if (!file.startsWith(under)) continue;
        const call = new RegExp(`\\b(?:${helpers.join('|')})\\(\\s*['\`]([a-z][a-z0-9-]*)['\`]`, 'g');
        for (const m of text.matchAll(call)) add(`${prefix}/${m[1]}`, file);
      }
    }
  }
  return found;
}
