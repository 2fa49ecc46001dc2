import { PromotionLimits } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { drawCaptcha, glyphLayout, isTextChallengeAnswer, textChallengeAnswer } from './captcha';

describe('image captcha', () => {
  it('draws glyphs and noise as one path, so the document hands out no element per character', () => {
    const { answer, svg } = drawCaptcha();
    expect(answer).toMatch(new RegExp(`^[a-zA-Z2-9]{${PromotionLimits.captchaLength}}$`));
    expect(answer).not.toMatch(/[0oO1lIi]/);
    expect(svg.match(/<path\b/g)).toHaveLength(1);
    expect(svg).not.toMatch(/<(text|g|use|tspan)\b/);
    // Glyph outlines (several contours each) and the crossing noise are subpaths of that one path.
    expect((svg.match(/M/g) ?? []).length).toBeGreaterThan(PromotionLimits.captchaLength + 2);
  });

  it('packs neighbouring glyphs closer than a glyph is wide, leaning opposite ways', () => {
    for (let run = 0; run < 20; run += 1) {
      const layout = glyphLayout(PromotionLimits.captchaLength);
      for (let i = 1; i < layout.length; i += 1) {
        const [left, right] = [layout[i - 1], layout[i]];
        expect((right?.x ?? 0) - (left?.x ?? 0)).toBeLessThan(26);
        expect((right?.degrees ?? 0) * (left?.degrees ?? 0)).toBeLessThan(0);
      }
    }
  });

  it('gives the image answers a letter and the text challenge digits only, so an answer tells which it was', () => {
    for (let run = 0; run < 200; run += 1) {
      expect(isTextChallengeAnswer(drawCaptcha().answer)).toBe(false);
      const text = textChallengeAnswer();
      expect(text).toMatch(new RegExp(`^\\d{${PromotionLimits.captchaLength}}$`));
      expect(isTextChallengeAnswer(text)).toBe(true);
    }
  });

  it('draws a different picture for the same answer each time', () => {
    const first = drawCaptcha('abcd');
    const second = drawCaptcha('abcd');
    expect(first.answer).toBe('abcd');
    expect(first.svg).not.toBe(second.svg);
  });
});
