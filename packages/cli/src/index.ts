/** @retromodel/cli: the `retromodel` command. `main(argv, io)` runs it in-process (for tests and scripts). */

export { type CliIo, processIo } from './io.js';
export { main, version } from './main.js';
