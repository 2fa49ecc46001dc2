import { describe, expect, it } from 'vitest';
import { parseArgs } from './parse-args';

describe('parseArgs', () => {
  it('separates words from options, keeping repeated options in order', () => {
    expect(parseArgs(['complaint', 'reply', '7', '--text', 'hola', '--image', 'a.png', '--image=b.png', '--flag'])).toEqual({
      positionals: ['complaint', 'reply', '7'],
      options: { text: ['hola'], image: ['a.png', 'b.png'], flag: [''] },
    });
  });
});
