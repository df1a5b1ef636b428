/*
 * What a file says reaches the terminal only escaped, through the built bin as a user runs it: names carrying
 * ESC sequences (colour, a window title), CR, a C1 CSI and a right-to-left override in a model's material and
 * texture, an archive entry name with the windows-1252 byte that decodes to the C1 OSC, and a file whose error
 * quotes what it says (a malformed data URI). `convert`'s warnings and errors, `info` as text, and `ls` print
 * them escaped; `info --format json` stays JSON that decodes to the names as the file has them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sceneToGlb } from '@retromodel/gltf';
import { createMaterial, createScene } from '@retromodel/scene';
import { buildU8, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
const hostile = 'evil\x1b]0;PWNED\x07\x1b[31mred\r\u009b32mgreen\u202etxt.exe';
/** What may not reach a terminal raw: C0 controls but tab and line feed, DEL, C1, bidirectional controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: what is looked for
const raw = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const escaped = 'evil\\x1b]0;PWNED\\x07\\x1b[31mred\\x0d\\u009b32mgreen\\u202etxt.exe';

/** Runs the bin in `cwd`; resolves with its exit code and output whatever the code. */
function runBin(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-terminal-'));
  const scene = createScene();
  const material = createMaterial({ name: hostile });
  const axis = { clamp: 0, mirror: 0, low: 0, high: 7, mask: 3, shift: 0 };
  // A fast64 material whose texture is nowhere: the T3DM writer's warning quotes both names.
  material.extras = {
    f3d_mat: {
      combiner1: { A: 1, B: 8, C: 4, D: 7, A_alpha: 7, B_alpha: 7, C_alpha: 7, D_alpha: 1 },
      tex0: { tex_set: true, tex: { name: `${hostile}.png`, type: 'Image' }, S: axis, T: axis },
    },
  };
  scene.materials.push(material);
  const position = { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 };
  scene.meshes.push({ primitives: [{ mode: 'TRIANGLES', attributes: { POSITION: position }, material: 0 }] });
  scene.nodes.push({ name: 'n', mesh: 0, children: [] });
  scene.roots.push(0);
  await writeFile(join(dir, 'evil.glb'), (await sceneToGlb(scene, { optimize: false })).bytes);
  const buffers = [{ byteLength: 4, uri: `data:${hostile}` }];
  await writeFile(join(dir, 'broken.gltf'), JSON.stringify({ asset: { version: '2.0' }, buffers }));
  // windows-1252 leaves 0x9d undefined: the archive's name holds U+009D, OSC on terminals that read C1 controls.
  const name = Uint8Array.of(...new TextEncoder().encode('a'), 0x9d, ...new TextEncoder().encode('b.bin'));
  await writeFile(join(dir, 'c1.arc'), buildU8([{ name, bytes: Uint8Array.of(1, 2, 3) }]));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a file's names reach the terminal escaped", () => {
  it("convert's warning quoting a material and a texture name", async () => {
    const run = await runBin(['convert', 'evil.glb', '-o', 'out', '--to', 't3dm'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('t3dm/texture-not-found');
    expect(run.stderr).toContain(`material "${escaped}"`);
    expect(run.stderr).not.toMatch(raw);
    expect(run.stdout).not.toMatch(raw);
  });

  it("convert's error quoting what the file says", async () => {
    const run = await runBin(['convert', 'broken.gltf', '-o', 'out'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/data URI is malformed \(data:evil\\x1b\]0;PWNED/);
    expect(run.stderr).not.toMatch(raw);
  });

  it('info as text, and as JSON that decodes to the names as the file has them', async () => {
    const text = await runBin(['info', 'evil.glb'], dir);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('evil\\x1b]0;PWNED');
    expect(text.stdout).not.toMatch(raw);
    const json = await runBin(['info', 'evil.glb', '--format', 'json'], dir);
    expect(json.stdout).not.toMatch(raw);
    const cells = (JSON.parse(json.stdout).tables as { rows: unknown[][] }[]).flatMap((t) => t.rows.flat());
    expect(cells.some((c) => typeof c === 'string' && c.includes(hostile))).toBe(true);
  });

  it('ls of an archive whose entry name holds a C1 control', async () => {
    const run = await runBin(['ls', 'c1.arc'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('a\\u009db.bin');
    expect(run.stdout).not.toMatch(raw);
  });
});
