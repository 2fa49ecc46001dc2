import { describe, expect, it } from 'vitest';
import { figuresOf } from './soak.mjs';

describe('figuresOf', () => {
  it('reads each printed figure by its name, whatever the runner put before it', () => {
    const output = ['✔ load: 50 connections (31000ms)', 'ℹ figure load.single.p99_ms 12', '# figure load.memory_mib.before 158/161', 'ℹ tests 1'].join('\n');
    expect(figuresOf(output)).toEqual({ 'load.single.p99_ms': '12', 'load.memory_mib.before': '158/161' });
  });
});
