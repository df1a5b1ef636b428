/*
 * Which files a Node process (and its worker threads) load as modules: `moduleLogArgs(log)` are node arguments
 * that register a module load hook appending each file:// URL it loads to `log`, one a line; worker threads
 * inherit the arguments, so they log too. Used to check that the `retromodel` bin runs its bundle rather than
 * tsc's output and the packages in node_modules.
 */
import { readFile } from 'node:fs/promises';

const hook = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.RETROMODEL_MODULE_LOG, url + '\\n');
  return next(url, context);
}`;
const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;

/** Node arguments (before the script) and the environment that log every loaded module file to `log`. */
export function moduleLogArgs(log: string): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: ['--import', `data:text/javascript,${encodeURIComponent(register)}`],
    env: { ...process.env, RETROMODEL_MODULE_LOG: log },
  };
}

/** The distinct module file paths a logged process loaded. */
export async function loadedModules(log: string): Promise<string[]> {
  const urls = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
  return [...new Set(urls.map((u) => decodeURIComponent(new URL(u).pathname)))];
}
