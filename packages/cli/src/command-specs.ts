/*
 * Every command's name, one-line summary, usage, description and options, with each option's help line.
 * This is all `retromodel --help`, `retromodel help <command>`, `<command> --help` and the parser need, and
 * it imports nothing, so help and usage errors never load a format.
 */

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** Value placeholder shown in help, e.g. `<path>`. */
  value?: string;
  help: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  usage: string;
  description: string;
  options: Record<string, OptionSpec>;
  examples: string[];
}

const json: OptionSpec = { type: 'boolean', help: 'print a JSON report instead of text' };

export const commands: CommandSpec[] = [
  {
    name: 'convert',
    summary: 'convert models, textures and animations (and every model in an archive) to a format below',
    usage:
      'retromodel convert <files or folders...> [-o <out>] [--to glb|gltf|t3dm|bmd|bdl|tmd|png|bck|bca|btk|brk|bpk|btp|bva|bti] [options]',
    description:
      'Converts every model given: files, folders (walked) and archives (every model inside, with the animations\n' +
      'and textures beside it in the archive). The output format comes from --to or from the output\n' +
      "file's extension (default GLB). With one input, -o may name the output file; otherwise it is a folder,\n" +
      "and the inputs' folder structure is kept under it. Without -o each output goes beside its input. No input\n" +
      'is ever written over, and a folder walk leaves out files of the output format (what an earlier run wrote).\n' +
      'Sidecars beside a model (animations, keyframe and material libraries, textures) are found; a model inside\n' +
      'an archive, or in a folder extract wrote, gets every animation of the archive that fits it.',
    options: {
      output: { type: 'string', short: 'o', value: '<path>', help: 'output file (one input) or folder' },
      to: {
        type: 'string',
        value: '<format>',
        help: 'glb (default), gltf (+ .bin/.png), t3dm (+ .sdata/.png), bmd/bdl (+ animations), tmd (+ .tkl/.tml), png, bck, bca, btk, brk, bpk, btp, bva, bti',
      },
      strict: { type: 'boolean', help: 'fail a file that gets a warning (something visible lost or changed)' },
      allow: {
        type: 'string',
        multiple: true,
        value: '<code>',
        help: 'with --strict: accept this diagnostic code, e.g. j3d/unlit-emissive (repeatable)',
      },
      quiet: { type: 'boolean', short: 'q', help: 'print failures and nothing else' },
      verbose: { type: 'boolean', short: 'v', help: 'also print informational notes' },
      json,
      anim: {
        type: 'string',
        multiple: true,
        value: '<file>',
        help: "attach J3D animations (.bck .bca .btk .brk .bpk .btp .bva): a file, a folder, 'anim/*.bck' (repeatable)",
      },
      'anim-format': {
        type: 'string',
        value: '<bck|bca>',
        help: 'BMD/BDL: joint animations as bck (keyed) or bca (full-frame; default for clips read from a .bca)',
      },
      tml: { type: 'string', multiple: true, value: '<file.tml>', help: 'use a Toshi material library (repeatable)' },
      sidecars: {
        type: 'string',
        multiple: true,
        value: '<folder>',
        help: 'also look for sidecar files here (repeatable)',
      },
      lod: { type: 'string', value: '<all|n>', help: 'TMD: keep every LOD level, or pick level n (default 0)' },
      tkl: {
        type: 'string',
        value: '<file.tkl>',
        help: 'TMD output: add the animations to a copy of this keyframe library (the file is not changed)',
      },
      argb16: { type: 'boolean', help: 'TMD output: 16-bit ARGB textures in <name>16.tml (default: DXT1/DXT5)' },
      scale: { type: 'string', value: '<n>', help: 'T3DM: position scale (default 64, smaller when 64 would clip)' },
      bvh: { type: 'boolean', help: 'T3DM: write a BVH for culling' },
      embed: { type: 'boolean', help: 'glTF: embed buffers and images as data URIs' },
      format: {
        type: 'string',
        value: '<gx format>',
        help: 'BTI, BMD/BDL: GX texture format cmpr, rgb5a3, c8, … (default: per image)',
      },
      'no-optimize': { type: 'boolean', help: 'glTF: keep unused and duplicate objects (default: prune and dedup)' },
      jobs: {
        type: 'string',
        short: 'j',
        value: '<n>',
        help: 'threads for a batch (default: cores − 1; 1 = one thread)',
      },
    },
    examples: [
      'retromodel convert link.bdl                      # link.glb, with link.bck beside it',
      'retromodel convert link.bdl --anim walk.bck',
      'retromodel convert level.glb --to t3dm --bvh      # level.t3dm, .sdata streams, PNG textures',
      'retromodel convert models/ -o out/                # a whole folder, structure kept',
      'retromodel convert link.glb --to bdl              # link.bdl, <clip>.bck/.btk/.brk/… per animation',
      'retromodel convert walk.glb --to bck              # walk.bck (one .bck per animation)',
      'retromodel convert dino.glb --to tmd              # dino.tmd, dino.tkl, dino.tml (back into JPOG)',
      'retromodel convert dino.glb --to tmd --tkl Dhbja.tkl -o out/ # out/dino.tmd, out/Dhbja.tkl (a copy), out/dino.tml',
      'retromodel convert water.glb --to btk             # water.btk (texture scrolls only)',
      'retromodel convert logo.png --to bti --format cmpr # logo.bti',
    ],
  },
  {
    name: 'info',
    summary: 'report what a file holds: sections, meshes, materials, textures, animations, diagnostics',
    usage: 'retromodel info <file> [--format text|md|csv|json]',
    description:
      "Reports a file's format and sections, and what reading it gives: meshes, materials, textures (size, the\n" +
      'format stored, bytes stored and decoded), animations (duration, channels, keys), skins and the bounding box,\n' +
      'with the diagnostics; for an archive, its files and which animations go with which model. On a damaged\n' +
      'file (archives too): the parts read, then the error with its offset (exit 1; with --json, "partial": true).',
    options: {
      format: { type: 'string', value: '<format>', help: 'text (default), md, csv or json' },
      json: { type: 'boolean', help: 'the same as --format json' },
      anim: {
        type: 'string',
        multiple: true,
        value: '<file>',
        help: "J3D: read with these animations: a file, a folder, 'anim/*.bck' (repeatable)",
      },
      lod: { type: 'string', value: '<all|n>', help: 'TMD: which LOD level to read (default 0)' },
    },
    examples: ['retromodel info link.bdl', 'retromodel info level.t3dm --format md'],
  },
  {
    name: 'validate',
    summary: 'run the Khronos glTF validator on a .glb or .gltf',
    usage: 'retromodel validate <file.glb|file.gltf> [--json]',
    description: 'Prints the errors and warnings the Khronos glTF validator reports; exits 1 when there are errors.',
    options: { json },
    examples: ['retromodel validate link.glb'],
  },
  {
    name: 'ls',
    summary: 'list the files inside an archive (RARC or U8, plain or Yaz0/Yay0-compressed)',
    usage: 'retromodel ls <archive> [--json]',
    description:
      'Lists every file of a GameCube/Wii archive (plain or Yaz0/Yay0-compressed) with its size and kind; names\n' +
      'are shown escaped, and entries whose names cannot be file names (.., a/b, twins) are listed after.',
    options: { json },
    examples: ['retromodel ls Stage.szs'],
  },
  {
    name: 'extract',
    summary: 'unpack an archive into a folder',
    usage: 'retromodel extract <archive> [-o <folder>]',
    description:
      'Writes every file of the archive under the folder (default: beside the archive, named after it), keeping\n' +
      "its folder structure, and the archive's layout (entry order, IDs, flags, offsets, padding, compression) in\n" +
      'retromodel-layout.json there, by which pack rebuilds the archive. Nothing is written over an existing file,\n' +
      'and nothing at all when an entry name cannot be a file name on every system (.., a/b, control characters,\n' +
      'CON, a:b, a trailing period, twins): the command names them and exits 1.',
    options: { output: { type: 'string', short: 'o', value: '<folder>', help: 'where to unpack' } },
    examples: ['retromodel extract Stage.szs -o Stage/'],
  },
  {
    name: 'pack',
    summary: 'pack a folder into a RARC or U8 archive, optionally Yaz0-compressed',
    usage: 'retromodel pack <folder> -o <archive> [--yaz0] [--format rarc|u8] [--force]',
    description:
      "Builds an archive from a folder. A folder extract wrote holds the archive's layout (retromodel-layout.json):\n" +
      'unedited, the archive comes back as it was (the same bytes after decompression); edited, unchanged entries\n' +
      'keep their order and IDs and new ones follow them. Without a layout the archive is laid out the way the\n' +
      "games expect, the folder's name becoming the root name. The format is the layout's, else RARC unless\n" +
      "--format u8; the compression is the layout's, else none; .szs and .carc outputs are Yaz0-compressed, as is\n" +
      'any with --yaz0. The archive is never written inside the folder, nor over an existing file unless --force.',
    options: {
      output: { type: 'string', short: 'o', value: '<archive>', help: 'the archive to write' },
      yaz0: { type: 'boolean', help: 'compress with Yaz0' },
      format: { type: 'string', value: '<rarc|u8>', help: "archive format (default: the layout's, else rarc)" },
      force: { type: 'boolean', help: 'replace the archive if it exists' },
    },
    examples: ['retromodel pack Stage/ -o Stage.szs'],
  },
  {
    name: 'gltf-to-t3d',
    summary: "tiny3d's gltf_to_t3d: .glb/.gltf to .t3dm (+ .sdata) as a Tiny3D project's Makefile runs it",
    usage:
      'retromodel gltf-to-t3d <in.glb> <out.t3dm> [<in.glb> <out.t3dm>...] [--bvh] [--base-scale=N] [--ignore-materials]\n' +
      '       [--ignore-transforms] [--asset-path=assets] [--verbose]',
    description:
      'Takes tiny3d\'s arguments as tiny3d spells them, so a project sets T3D_GLTF_TO_3D="retromodel gltf-to-t3d".\n' +
      'Run it from the project folder: a texture is taken beside the model, else by its file name in the asset\n' +
      'folder, which also roots the rom:/ paths. The streams go beside the output (<out>.<n>.sdata); no PNG is\n' +
      'written. Several <in> <out> pairs convert in one process (faster than one process per model).',
    options: {
      bvh: { type: 'boolean', help: 'write a BVH for culling' },
      'base-scale': { type: 'string', value: '<n>', help: 'model units per glTF unit (default 64)' },
      'ignore-materials': { type: 'boolean', help: 'write every material with all fields 0 but its name' },
      'ignore-transforms': { type: 'boolean', help: "leave the objects' node transforms out" },
      'asset-path': {
        type: 'string',
        value: '<path>',
        help: 'the asset folder below the working folder (default assets)',
      },
      verbose: { type: 'boolean', help: 'also print informational notes' },
    },
    examples: [
      'retromodel gltf-to-t3d assets/snake.glb filesystem/snake.t3dm',
      'retromodel gltf-to-t3d assets/level.glb filesystem/level.t3dm --bvh --base-scale=32',
      'retromodel gltf-to-t3d assets/a.glb filesystem/a.t3dm assets/b.glb filesystem/b.t3dm',
    ],
  },
  {
    name: 'help',
    summary: 'show help for a command',
    usage: 'retromodel help [command]',
    description: 'Shows the usage, options and examples of a command, or the list of commands.',
    options: {},
    examples: ['retromodel help convert'],
  },
];

/** The help text of one command. */
export function commandHelp(spec: CommandSpec): string {
  const rows = Object.entries(spec.options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.value ? ` ${o.value}` : ''}`;
    return [flag, o.help] as const;
  });
  rows.push(['-h, --help', 'show this help']);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return [
    `usage: ${spec.usage}`,
    '',
    spec.description,
    '',
    'options:',
    ...rows.map(([flag, help]) => `  ${flag.padEnd(width)}  ${help}`),
    '',
    'examples:',
    ...spec.examples.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

/**
 * Every kind of file retromodel handles, and which way: one row per kind, so a new format or direction is one
 * line. `read` says how it is read (`yes`: on its own; `with a model`: as a sidecar of one), `write` which
 * `convert --to` writes it. A test checks the rows against the adapters and output formats.
 */
export const formatRows: { name: string; files: string; read: string; write: string }[] = [
  { name: 'Nintendo J3D model', files: '.bmd .bdl', read: 'yes', write: 'bmd, bdl' },
  { name: 'J3D joint animation', files: '.bck .bca', read: 'with a model', write: 'bck, bca' },
  { name: 'J3D material animation', files: '.btk .brk .bpk .btp', read: 'with a model', write: 'btk, brk, bpk, btp' },
  { name: 'J3D visibility animation', files: '.bva', read: 'with a model', write: 'bva' },
  { name: 'GameCube/Wii texture', files: '.bti', read: 'yes', write: 'bti' },
  { name: 'JPOG Toshi model', files: '.tmd (+ .tkl .tml)', read: 'yes', write: 'tmd' },
  { name: 'JPOG keyframe library', files: '.tkl', read: 'with a model', write: '-' },
  { name: 'JPOG material library', files: '.tml', read: 'yes', write: '-' },
  { name: 'Tiny3D model (N64)', files: '.t3dm (+ .sdata .png)', read: 'yes', write: 't3dm' },
  { name: 'glTF 2.0', files: '.glb .gltf (+ .bin, images)', read: 'yes', write: 'glb, gltf' },
  { name: 'PNG image', files: '.png', read: 'yes', write: 'png' },
  {
    name: 'GameCube/Wii archive',
    files: '.arc .szs .carc .rarc .u8 .szp',
    read: 'convert, ls, extract',
    write: 'pack',
  },
  { name: 'Yaz0/Yay0 stream', files: '.yaz0 .yay0 (an archive inside)', read: 'convert, ls, extract', write: '-' },
];

/** Rows of cells as aligned columns, indented by two spaces. */
function columns(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => `  ${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd());
}

/** The overview: what retromodel does, every command with its summary, and every format with its directions. */
export function overviewHelp(): string {
  return [
    'retromodel: converts the 3D models of GameCube/Wii, JPOG and N64 games into glTF 2.0, into each other and',
    "back into the games' own formats, with their textures and animations; reads and writes the games' archives.",
    '',
    'usage: retromodel <command> [options]',
    '',
    'commands:',
    ...columns(commands.map((c) => [c.name, c.summary])),
    '',
    'formats:',
    ...columns([
      ['format', 'files', 'read', 'write (--to)'],
      ...formatRows.map((f) => [f.name, f.files, f.read, f.write]),
    ]),
    '',
    'global options:',
    '  -h, --help     show help (for a command: retromodel <command> --help)',
    '  -V, --version  print the version',
    '',
  ].join('\n');
}
