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
    summary: 'convert models to GLB, glTF, T3DM, PNG, BMD/BDL, BCK or BTI',
    usage: 'retromodel convert <files or folders...> [-o <out>] [--to glb|gltf|t3dm|bmd|bdl|png|bck|bti] [options]',
    description:
      'Converts every model given (folders are walked). The output format comes from --to or from the output\n' +
      "file's extension (default GLB). With one input, -o may name the output file; otherwise it is a folder,\n" +
      "and the inputs' folder structure is kept under it. Without -o each output goes beside its input. No input\n" +
      'is ever written over, and a folder walk leaves out files of the output format (what an earlier run wrote).\n' +
      'Sidecars beside a model (animations, keyframe and material libraries, textures) are found.',
    options: {
      output: { type: 'string', short: 'o', value: '<path>', help: 'output file (one input) or folder' },
      to: {
        type: 'string',
        value: '<format>',
        help: 'glb (default), gltf (+ .bin/.png), t3dm (+ .sdata/.png), bmd or bdl (+ .bck), png, bck, bti',
      },
      strict: { type: 'boolean', help: 'treat warnings as errors' },
      quiet: { type: 'boolean', short: 'q', help: 'print failures and nothing else' },
      verbose: { type: 'boolean', short: 'v', help: 'also print informational notes' },
      json,
      anim: {
        type: 'string',
        multiple: true,
        value: '<file>',
        help: 'attach a J3D animation (.bck, .bca, .btk, .brk, .bpk, .btp, .bva; repeatable)',
      },
      tml: { type: 'string', multiple: true, value: '<file.tml>', help: 'use a Toshi material library (repeatable)' },
      sidecars: {
        type: 'string',
        multiple: true,
        value: '<folder>',
        help: 'also look for sidecar files here (repeatable)',
      },
      lod: { type: 'string', value: '<all|n>', help: 'TMD: keep every LOD level, or pick level n (default 0)' },
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
      'retromodel convert link.glb --to bdl              # link.bdl, link.bck (+ one .bck per other animation)',
      'retromodel convert walk.glb --to bck              # walk.bck (one .bck per animation)',
      'retromodel convert logo.png --to bti --format cmpr # logo.bti',
    ],
  },
  {
    name: 'info',
    summary: 'inspect a model: sections, meshes, materials, textures, animations',
    usage: 'retromodel info <file> [--format text|md|csv|json]',
    description:
      "Reports a file's format and sections, and what reading it gives: meshes, materials, textures (size and\n" +
      'format), animations (duration, channels, keys), skins and the bounding box, with the diagnostics.',
    options: {
      format: { type: 'string', value: '<format>', help: 'text (default), md, csv or json' },
      json: { type: 'boolean', help: 'the same as --format json' },
      anim: { type: 'string', multiple: true, value: '<file>', help: 'J3D: read with this animation (repeatable)' },
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
    summary: 'list the files inside a RARC/U8 archive (.arc, .szs, .carc)',
    usage: 'retromodel ls <archive> [--json]',
    description:
      'Lists every file of a GameCube/Wii archive (plain or Yaz0/Yay0-compressed) with its size and kind; names\n' +
      'are shown escaped, and entries whose names cannot be file names (.., a/b, twins) are listed after.',
    options: { json },
    examples: ['retromodel ls Stage.szs'],
  },
  {
    name: 'extract',
    summary: 'unpack a RARC/U8 archive into a folder',
    usage: 'retromodel extract <archive> [-o <folder>]',
    description:
      'Writes every file of the archive under the folder (default: beside the archive, named after it), keeping\n' +
      'its folder structure. Nothing is written over an existing file, and nothing at all when an entry name\n' +
      'cannot be a file name (.., a/b, control characters, twins): the command names them and exits 1.',
    options: { output: { type: 'string', short: 'o', value: '<folder>', help: 'where to unpack' } },
    examples: ['retromodel extract Stage.szs -o Stage/'],
  },
  {
    name: 'pack',
    summary: 'pack a folder into a RARC or U8 archive, optionally Yaz0-compressed',
    usage: 'retromodel pack <folder> -o <archive> [--yaz0] [--format rarc|u8] [--force]',
    description:
      'Builds an archive from a folder (its name becomes the root name), laid out the way the games expect.\n' +
      'The format is RARC unless --format u8; .szs and .carc outputs are Yaz0-compressed, as is any with --yaz0.\n' +
      'The archive is never written inside the folder, nor over an existing file unless --force.',
    options: {
      output: { type: 'string', short: 'o', value: '<archive>', help: 'the archive to write' },
      yaz0: { type: 'boolean', help: 'compress with Yaz0' },
      format: { type: 'string', value: '<rarc|u8>', help: 'archive format (default rarc)' },
      force: { type: 'boolean', help: 'replace the archive if it exists' },
    },
    examples: ['retromodel pack Stage/ -o Stage.szs'],
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

/** The overview: every command with its summary. */
export function overviewHelp(version: string): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `retromodel ${version}: convert retro game 3D models (Nintendo J3D .bmd/.bdl/.bti, Toshi .tmd, Tiny3D .t3dm)`,
    'to glTF and T3DM, and inspect them.',
    '',
    'usage: retromodel <command> [options]',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'global options:',
    '  -h, --help     show help (for a command: retromodel <command> --help)',
    '  -V, --version  print the version',
    '',
  ].join('\n');
}
