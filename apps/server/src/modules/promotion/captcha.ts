import { createHash } from 'node:crypto';
import { PromotionLimits } from '@lend/contracts';
import svgCaptcha from 'svg-captcha';

export type DrawnCaptcha = { answer: string; svg: string };

/** Characters that look alike (0/O/o, 1/l/I/i) are left out; answers compare case-insensitively. */
export function drawCaptcha(): DrawnCaptcha {
  const captcha = svgCaptcha.create({
    size: PromotionLimits.captchaLength,
    ignoreChars: '0oO1lIi',
    noise: 2,
    // Dark grey glyphs on the page's light field: the coloured mode picks pale tones that
    // visitors misread. (svg-captcha turns colours on whenever a background is given.)
    color: false,
    width: 120,
    height: 44,
    fontSize: 44,
  });
  return { answer: captcha.text, svg: captcha.data };
}

/** Bound to the sid, so an answer learnt for one visitor is worth nothing for another. */
export function captchaAnswerHash(sidHash: string, answer: string): string {
  return createHash('sha256').update(`${sidHash}:${answer.trim().toLowerCase()}`).digest('hex');
}
