/*
 * The viewer page: shows the sample model imported through unplugin-retromodel (a GLB emitted at build time,
 * served by the dev server) with its animations, and converts dropped models to GLB in the browser; from a
 * dropped game archive, the model picked in the list of those inside it (the list is shown only then). The
 * warnings of a conversion are listed one line per code, as the CLI prints them.
 * `document.body.dataset.state` becomes `ready` once a model is shown (`error` when it failed), for tests.
 */

import { formatGroup, groupDiagnostics } from '@retromodel/transcode';
import {
  type ConvertedModel,
  convertDropped,
  convertFromArchive,
  type DroppedArchive,
  droppedArchive,
} from './converter.js';
import sampleUrl from './models/spinning-cube.glb';
import { createViewer } from './viewer.js';

const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const status = document.querySelector<HTMLElement>('#status')!;
const select = document.querySelector<HTMLSelectElement>('#animation')!;
const drop = document.querySelector<HTMLElement>('#drop')!;
const input = document.querySelector<HTMLInputElement>('#files')!;
const download = document.querySelector<HTMLAnchorElement>('#download')!;
const archiveModels = document.querySelector<HTMLSelectElement>('#archive-model')!;
const archiveLabel = document.querySelector<HTMLElement>('#archive-label')!;
const warningList = document.querySelector<HTMLUListElement>('#warnings')!;
let archive: DroppedArchive | undefined;
const viewer = createViewer(canvas);

function report(text: string, error = false): void {
  status.textContent = text;
  status.classList.toggle('error', error);
  document.body.dataset.state = error ? 'error' : 'ready';
}

async function show(url: string, label: string): Promise<void> {
  const names = await viewer.show(url);
  select.replaceChildren(...names.map((n) => new Option(n, n)));
  select.disabled = names.length === 0;
  document.body.dataset.animations = names.join(',');
  report(`${label}: ${names.length ? `animations ${names.join(', ')}` : 'no animations'}`);
}

/** The model to show: from a dropped archive (the one picked in the list), else from the dropped files. */
async function convertFiles(files: File[]): Promise<ConvertedModel> {
  archive = await droppedArchive(files);
  archiveLabel.hidden = archive === undefined;
  if (!archive) return convertDropped(files);
  if (archive.models.length === 0) throw new Error(`${archive.file.name} holds no model this page reads`);
  archiveModels.replaceChildren(...archive.models.map((m) => new Option(m, m)));
  return convertFromArchive(archive, archive.models[0]!);
}

/** The warnings of a conversion, one line per code with its count (as the CLI prints them). */
function listWarnings(model: ConvertedModel | undefined): void {
  const groups = model ? groupDiagnostics(model.diagnostics, ['error', 'warning']) : [];
  warningList.replaceChildren(
    ...groups.map((g) => Object.assign(document.createElement('li'), { textContent: formatGroup(g) })),
  );
  warningList.hidden = groups.length === 0;
}

async function convert(pick: () => Promise<ConvertedModel>, what: string): Promise<void> {
  document.body.dataset.state = 'converting';
  status.textContent = `Converting ${what}…`;
  listWarnings(undefined);
  try {
    const model = await pick();
    if (download.href) URL.revokeObjectURL(download.href);
    download.href = URL.createObjectURL(new Blob([model.glb.slice()], { type: 'model/gltf-binary' }));
    download.download = model.name;
    download.textContent = `Download ${model.name} (${Math.ceil(model.glb.length / 1024)} KB)`;
    download.hidden = false;
    const warnings = model.diagnostics.filter((d) => d.severity !== 'info').length;
    listWarnings(model);
    await show(download.href, `${model.source} (${model.format})${warnings ? `, ${warnings} warnings` : ''}`);
  } catch (error) {
    report(error instanceof Error ? error.message : String(error), true);
  }
}

select.addEventListener('change', () => viewer.play(select.value));
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  const files = Array.from(e.dataTransfer?.files ?? []);
  void convert(() => convertFiles(files), files.map((f) => f.name).join(', '));
});
input.addEventListener('change', () => {
  const files = Array.from(input.files ?? []);
  void convert(() => convertFiles(files), files.map((f) => f.name).join(', '));
});
archiveModels.addEventListener('change', () => {
  if (archive) void convert(() => convertFromArchive(archive!, archiveModels.value), archiveModels.value);
});

show(sampleUrl, 'spinning-cube.glb').catch((error: unknown) =>
  report(error instanceof Error ? error.message : String(error), true),
);
