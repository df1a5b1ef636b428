/*
 * The `info` report as aligned text tables, Markdown tables or CSV (one block per table, titled). Names in a
 * report come from the file (entry, animation, material names): each cell goes through the CLI's one rule for
 * printed text (terminalText) before the columns are measured, so an escaped name keeps its column, and a tab or
 * line feed in a name is escaped too (it would break the table's lines).
 */
import { terminalText } from '@retromodel/scene/terminal-text';
import type { Cell, InfoReport, ReportTable } from './report.js';

export type ReportFormat = 'text' | 'md' | 'csv';

/** A cell as printed: what terminalText escapes, and tab and line feed as `\x09`, `\x0a`. */
const shown = (c: Cell) => terminalText(String(c)).replace(/[\t\n]/g, (x) => (x === '\t' ? '\\x09' : '\\x0a'));

const csvCell = (c: Cell) => {
  const s = shown(c);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

function textTable(t: ReportTable): string[] {
  const cells = [t.columns, ...t.rows.map((r) => r.map(shown))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (typeof t.rows[0]?.[i] === 'number' ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [`${t.title}:`, `  ${line(t.columns)}`, ...cells.slice(1).map((r) => `  ${line(r)}`)];
}

function mdTable(t: ReportTable): string[] {
  const mdCell = (c: Cell) => shown(c).replace(/\|/g, '\\|');
  return [
    `### ${t.title}`,
    '',
    `| ${t.columns.map(mdCell).join(' | ')} |`,
    `| ${t.columns.map((_, i) => (typeof t.rows[0]?.[i] === 'number' ? '---:' : '---')).join(' | ')} |`,
    ...t.rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`),
    '',
  ];
}

export function renderReport(report: InfoReport, format: ReportFormat): string {
  const head = `${report.file}: ${report.formatName}${report.version ? ` (${report.version})` : ''}, ${report.size} bytes`;
  // A damaged file: what was read, then the error that stopped the reading.
  const error = report.error ? `error: ${shown(report.error)}` : undefined;
  if (format === 'csv')
    return [
      ...report.tables.map((t) =>
        [`# ${t.title}`, t.columns.map(csvCell).join(','), ...t.rows.map((r) => r.map(csvCell).join(','))].join('\n'),
      ),
      ...(error ? [`# error\n${csvCell(report.error!)}`] : []),
    ].join('\n\n');
  if (format === 'md')
    return [`## ${head}`, '', ...report.tables.flatMap(mdTable), ...(error ? [error] : [])].join('\n');
  return [
    head,
    ...report.tables.filter((t) => t.rows.length > 0).flatMap((t) => ['', ...textTable(t)]),
    ...(error ? ['', error] : []),
  ].join('\n');
}
