/*
 * One line per diagnostic code of a file, whatever the library said how many times:
 * `warning 3 × gltf/extension-ignored: FAST64_sampler_n64 …; FAST64_materials_f3d …; (+1 more)`.
 * The CLI prints these lines, and a page can show the same (examples/viewer does).
 */
import type { Diagnostic, Severity } from './diagnostics.js';

export interface DiagnosticGroup {
  code: string;
  severity: Severity;
  count: number;
  /** The first few messages. */
  messages: string[];
}

/** Groups the diagnostics of the given severities by code, in order of first appearance. */
export function groupDiagnostics(diagnostics: Diagnostic[], severities: Severity[], shown = 2): DiagnosticGroup[] {
  const groups = new Map<string, DiagnosticGroup>();
  for (const d of diagnostics) {
    if (!severities.includes(d.severity)) continue;
    const key = `${d.severity} ${d.code}`;
    const g = groups.get(key) ?? { code: d.code, severity: d.severity, count: 0, messages: [] };
    groups.set(key, g);
    g.count++;
    if (g.messages.length < shown) g.messages.push(d.message);
  }
  return [...groups.values()];
}

/** `warning 3 × code: first; second (+1 more)` */
export function formatGroup(g: DiagnosticGroup): string {
  const more = g.count - g.messages.length;
  const count = g.count > 1 ? `${g.count} × ` : '';
  return `${g.severity} ${count}${g.code}: ${g.messages.join('; ')}${more > 0 ? ` (+${more} more)` : ''}`;
}
