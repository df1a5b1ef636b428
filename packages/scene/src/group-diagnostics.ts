/*
 * One line per diagnostic code of a file, whatever the library said how many times:
 * `warning 3 × gltf/extension-ignored: FAST64_sampler_n64 …; FAST64_materials_f3d …; (+1 more)`.
 * A message said again (two materials of one name, a texture every primitive of a material reads) is shown once;
 * the count still counts it. The CLI prints these lines, and a page can show the same (examples/viewer does).
 */
import type { Diagnostic, Severity } from './diagnostics.js';

export interface DiagnosticGroup {
  code: string;
  severity: Severity;
  count: number;
  /** The first few distinct messages. */
  messages: string[];
  /** How many distinct messages the group has (`messages` lists the first of them). */
  distinct: number;
}

/** Groups the diagnostics of the given severities by code, in order of first appearance. */
export function groupDiagnostics(diagnostics: Diagnostic[], severities: Severity[], shown = 2): DiagnosticGroup[] {
  const groups = new Map<string, { group: DiagnosticGroup; seen: Set<string> }>();
  for (const d of diagnostics) {
    if (!severities.includes(d.severity)) continue;
    const key = `${d.severity} ${d.code}`;
    let entry = groups.get(key);
    if (!entry) {
      entry = { group: { code: d.code, severity: d.severity, count: 0, messages: [], distinct: 0 }, seen: new Set() };
      groups.set(key, entry);
    }
    const g = entry.group;
    g.count++;
    if (entry.seen.has(d.message)) continue;
    entry.seen.add(d.message);
    g.distinct++;
    if (g.messages.length < shown) g.messages.push(d.message);
  }
  return [...groups.values()].map((e) => e.group);
}

/** `warning 3 × code: first; second (+1 more)` */
export function formatGroup(g: DiagnosticGroup): string {
  const more = g.distinct - g.messages.length;
  const count = g.count > 1 ? `${g.count} × ` : '';
  return `${g.severity} ${count}${g.code}: ${g.messages.join('; ')}${more > 0 ? ` (+${more} more)` : ''}`;
}
