/*
 * One line per diagnostic code: the count of every diagnostic of the code, its first distinct messages, and how
 * many other distinct messages it has; a message said again is shown once.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../src/diagnostics.js';
import { formatGroup, groupDiagnostics } from '../src/group-diagnostics.js';

const warning = (code: string, message: string): Diagnostic => ({ code, message, severity: 'warning' });

describe('groupDiagnostics and formatGroup', () => {
  it('one line per code and severity, in order of first appearance, of the severities asked for', () => {
    const lines = groupDiagnostics(
      [
        warning('b/two', 'x'),
        { code: 'a/one', message: 'y', severity: 'info' },
        warning('a/one', 'z'),
        warning('b/two', 'w'),
      ],
      ['warning'],
    ).map(formatGroup);
    expect(lines).toEqual(['warning 2 × b/two: x; w', 'warning a/one: z']);
  });

  it('shows a message said again once, and counts it', () => {
    const same = 'material "stone": texture "stone.png" was not found';
    const [group] = groupDiagnostics([warning('t/not-found', same), warning('t/not-found', same)], ['warning']);
    expect(formatGroup(group!)).toBe(`warning 2 × t/not-found: ${same}`);
  });

  it('tells how many other distinct messages there are beyond those shown', () => {
    const messages = ['a', 'b', 'a', 'c', 'd', 'c'];
    const [group] = groupDiagnostics(
      messages.map((m) => warning('x/y', m)),
      ['warning'],
    );
    expect(formatGroup(group!)).toBe('warning 6 × x/y: a; b (+2 more)');
  });
});
