/*
 * What scripts/bundle-cli.mjs does to each chunk's exports once esbuild has made the chunk CommonJS: plain
 * properties instead of getters where that means the same (exportsAsValues), and the check that makes it so
 * (assertNoStaticCycle).
 */
/**
 * A chunk's exports as plain properties instead of getters. esbuild's CommonJS defines each export as a getter
 * that reads the binding (`__export(exports, { name: () => local })`), as an ES module's live binding needs: every
 * use of another chunk's function then calls a getter first (a call V8 does not inline without its optimising
 * compiler, which the bin turns off for one small model), and each getter is a closure made at load. Most bindings
 * are set once, as the chunk runs: exported function declarations (hoisted) are assigned where the getters were
 * defined, classes and variables set once (setOnce) after the chunk's code has run, and only a binding that may
 * change later keeps its getter. With the chunks' `__toESM` copies gone too (bundle-cli.mjs), callgrind, V8's seeds
 * fixed, the examples' median converted to T3DM: 210.60 -> 206.12 M instructions (`node -e 0` 87.97 M). An export
 * of another form than esbuild's fails the build. A chunk that required back one still running would not see that
 * one's values yet (it would see its getters): assertNoStaticCycle makes sure none does.
 */
export function exportsAsValues(cjs, name) {
  const match = /^__export\((\w+), \{\n([\s\S]*?)\n\}\);\n/m.exec(cjs);
  if (!match) return cjs;
  const [whole, target, list] = match;
  const hoisted = [];
  const atEnd = [];
  const getters = [];
  for (const line of list.split(',\n')) {
    const entry = /^\s*([\w$]+): \(\) => ([\w$]+(?:\.[\w$]+)?)$/.exec(line);
    if (!entry) throw new Error(`bundle-cli: ${name}: unexpected export ${line.trim()}`);
    const [, exported, value] = entry;
    const set = `${target}.${exported} = ${value};`;
    if (value.includes('.')) atEnd.push(set);
    else if (new RegExp(`^(?:async )?function\\*? ${inRegExp(value)}\\(`, 'm').test(cjs)) hoisted.push(set);
    else if (setOnce(cjs, value)) atEnd.push(set);
    else getters.push(`  ${exported}: () => ${value}`);
  }
  const head = [...hoisted, ...(getters.length ? [`__export(${target}, {\n${getters.join(',\n')}\n});`] : [])];
  return `${cjs.replace(whole, head.map((l) => `${l}\n`).join(''))}\n${atEnd.join('\n')}\n`;
}

/** `id` as it is written in a regular expression (`$` escaped). */
function inRegExp(id) {
  return id.replace(/\$/g, '\\$');
}

/**
 * True when the chunk's code `code` gives the variable `id` its value once, at its top level: a class, or a
 * `var`/`let`/`const` declared with a value that nothing assigns again (no other `id =`, `id +=`, `id++` ...,
 * wherever, a same-named variable of an inner scope included).
 */
function setOnce(code, id) {
  const name = `(?<![\\w$.])${inRegExp(id)}(?![\\w$])`;
  const assigned = new RegExp(
    `${name}\\s*(?:[-+*/%&|^]|\\*\\*|<<|>>>?|&&|\\|\\||\\?\\?)?=(?!=)|${name}\\s*(?:\\+\\+|--)|(?:\\+\\+|--)\\s*${name}`,
    'g',
  );
  const count = code.match(assigned)?.length ?? 0;
  if (new RegExp(`^class ${inRegExp(id)}\\b`, 'm').test(code)) return count === 0;
  return count === 1 && new RegExp(`^(?:var|let|const) ${inRegExp(id)} =`, 'm').test(code);
}

/** Fails the build when chunks require each other at load in a cycle (exportsAsValues relies on there being none). */
export function assertNoStaticCycle(chunks) {
  const edges = new Map();
  for (const [name, text] of chunks)
    edges.set(
      name,
      [...text.matchAll(/^var [\w$]+ = require\("\.\/([\w-]+\.cjs)"\);$/gm)].map((m) => m[1]),
    );
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open')
      throw new Error(`bundle-cli: chunks require each other: ${[...path, name].join(' -> ')}`);
    state.set(name, 'open');
    for (const next of edges.get(name) ?? []) visit(next, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of edges.keys()) visit(name, []);
}
