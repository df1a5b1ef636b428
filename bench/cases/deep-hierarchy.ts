/*
 * Large hierarchies through the built `retromodel` bin, whole process as a user runs it: a TMD of 65,535
 * nodes, once as one chain and once flat (every node a root), each converted to GLB and to T3DM (issue floor:
 * under 2 s each). The baseline is `node -e 0`, measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTmd, repoPath } from '@retromodel/test-utils';
import { type BenchCase, benchFolder } from '../harness.js';

const COUNT = 65_535;

function deepTmd(chain: boolean): Uint8Array {
  const nodes = Array.from({ length: COUNT }, (_, i) => ({
    name: `n${i}`,
    parent: chain ? i - 1 : -1,
    translation: [0, 0.001, 0] as [number, number, number],
  }));
  const vertices = [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }] as never;
  return buildTmd({
    tklName: 'deep',
    nodes,
    levels: [{ meshes: [{ material: 'm', pieces: [{ boneNodeIds: [0], vertices, strip: [0, 1, 2] }] }] }],
  });
}

export function cases(): BenchCase[] {
  execFileSync(process.execPath, [repoPath('node_modules', 'typescript', 'bin', 'tsc'), '-b', repoPath()]);
  const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
  const dir = benchFolder('deep');
  const nodeAlone = { name: 'node -e 0', run: () => execFileSync(process.execPath, ['-e', '0']) };
  return (['chain', 'flat'] as const).flatMap((shape) => {
    const bytes = deepTmd(shape === 'chain');
    const input = join(dir, `${shape}.tmd`);
    writeFileSync(input, bytes);
    return (['glb', 't3dm'] as const).map(
      (to): BenchCase => ({
        group: 'deep',
        name: `${COUNT}-node ${shape} TMD -> ${to}, whole process`,
        bytesIn: bytes.length,
        iterations: 5,
        baseline: nodeAlone,
        run: () => {
          const out = join(dir, `${shape}-${to}`);
          rmSync(out, { recursive: true, force: true });
          execFileSync(process.execPath, [bin, 'convert', input, '--to', to, '-o', out, '--quiet'], {
            stdio: 'ignore',
          });
        },
      }),
    );
  });
}
