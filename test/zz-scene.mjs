import { j3dToScene, readJ3d } from '@retromodel/j3d';
import { buildStageMapBmd, buildBigMapBmd, buildSkinnedCharacterBmd } from '@retromodel/test-utils';
const which = process.argv[2] ?? 'stage';
const bytes = which === 'stage' ? buildStageMapBmd() : which === 'big' ? buildBigMapBmd() : buildSkinnedCharacterBmd();
const file = readJ3d(bytes); file.MAT3.materials.length;
const N = +(process.argv[3] ?? 300);
for (let i = 0; i < 50; i++) j3dToScene(file);
const tr = [], ts = [];
for (let i = 0; i < N; i++) {
  let t = performance.now(); readJ3d(bytes).MAT3.materials.length; tr.push(performance.now() - t);
  t = performance.now(); j3dToScene(file); ts.push(performance.now() - t);
}
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
console.log(which, 'read', med(tr).toFixed(3), 'scene', med(ts).toFixed(3), 'ratio', (med(ts) / med(tr)).toFixed(2));
