import { createHash, randomInt } from 'node:crypto';
import { PromotionLimits } from '@lend/contracts';
import svgCaptcha from 'svg-captcha';

export type DrawnCaptcha = { answer: string; svg: string };

/** Characters that look alike (0/O/o, 1/l/I/i) are left out; answers compare case-insensitively. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

const WIDTH = 120;
const HEIGHT = 44;
const FONT_SIZE = 48;
/** Centre to centre: less than most glyphs are wide, so neighbours touch or overlap. */
const STEP = 23;
const NOISE_BANDS = 3;

export type GlyphPlace = { x: number; y: number; degrees: number; scale: number };

/** Uniform in [min, max), from the CSPRNG like the answer. */
function between(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

/** Where each glyph goes: packed tighter than its width, each with its own turn, tilt and size. */
export function glyphLayout(count: number): GlyphPlace[] {
  const start = (WIDTH - STEP * (count - 1)) / 2;
  return Array.from({ length: count }, (_, i) => ({
    x: start + STEP * i + between(-1.5, 1.5),
    y: HEIGHT / 2 + between(-3, 3),
    // Alternating sides, so two neighbours never lean the same way by chance.
    degrees: (i % 2 === 0 ? 1 : -1) * between(6, 22),
    scale: between(0.9, 1.1),
  }));
}

type Point = [number, number];

/** Absolute path data as commands with their coordinate pairs (M, L, Q, C and Z only). */
type Segment = { command: string; points: Point[] };
type Outline = { segments: Segment[]; centre: Point };

function parsePathData(d: string): Segment[] {
  return [...d.matchAll(/([MLQCZ])([^MLQCZ]*)/g)].map(([, command = '', numbers = '']) => {
    const values = numbers.trim() === '' ? [] : numbers.trim().split(/[\s,]+/).map(Number);
    const points: Point[] = [];
    for (let i = 0; i + 1 < values.length; i += 2) points.push([values[i] ?? 0, values[i + 1] ?? 0]);
    return { command, points };
  });
}

/**
 * Each character's outline, drawn from the font and parsed once per process: drawing and parsing
 * it took most of a captcha's 1.4 ms and 2 MB of short-lived strings, and every draw turns, scales
 * and places it anew.
 */
const outlines = new Map<string, Outline>();

function glyphOutline(character: string): Outline {
  let outline = outlines.get(character);
  if (!outline) {
    outline = drawnOutline(character);
    outlines.set(character, outline);
  }
  return outline;
}

/** One character's outline from svg-captcha's font, and the centre of its bounding box. */
function drawnOutline(character: string): Outline {
  const drawn = svgCaptcha.create({ size: 1, charPreset: character, noise: 0, color: false, width: 60, height: HEIGHT, fontSize: FONT_SIZE });
  const d = /\sd="([^"]+)"/.exec(drawn.data)?.[1];
  if (!d) throw new Error('svg-captcha drew no glyph');
  const segments = parsePathData(d);
  const points = segments.flatMap((segment) => segment.points);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { segments, centre: [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2] };
}

/** The glyph turned, scaled and moved to its place, as closed contours of path data. */
function placeGlyph(character: string, place: GlyphPlace): string[] {
  const { segments, centre } = glyphOutline(character);
  const turn = (place.degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const placedContours: string[] = [];
  let contour = '';
  for (const { command, points } of segments) {
    if (command === 'M' && contour !== '') {
      placedContours.push(contour);
      contour = '';
    }
    contour += command;
    points.forEach(([x, y], i) => {
      const [dx, dy] = [(x - centre[0]) * place.scale, (y - centre[1]) * place.scale];
      contour += `${i > 0 ? ' ' : ''}${(place.x + dx * cos - dy * sin).toFixed(2)} ${(place.y + dx * sin + dy * cos).toFixed(2)}`;
    });
  }
  if (contour !== '') placedContours.push(contour);
  return placedContours;
}

/** A thin filled band along a wavy curve across the glyph row: noise that cuts through letters. */
function noiseBand(): string {
  const [y0, y1, y2, y3] = [between(14, 30), between(10, 34), between(10, 34), between(14, 30)];
  // About as thick as a glyph's own strokes, so a stroke-width filter cannot tell them apart.
  const thickness = between(0.9, 1.5);
  const steps = 30;
  const at = (t: number): Point => {
    const u = 1 - t;
    const y = u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3;
    return [t * WIDTH, y];
  };
  const upper: Point[] = [];
  const lower: Point[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const [x, y] = at(i / steps);
    const [nx, ny] = at(Math.min(1, (i + 1) / steps));
    const [px, py] = at(Math.max(0, (i - 1) / steps));
    const length = Math.hypot(nx - px, ny - py) || 1;
    const [ox, oy] = [(-(ny - py) / length) * (thickness / 2), ((nx - px) / length) * (thickness / 2)];
    upper.push([x + ox, y + oy]);
    lower.push([x - ox, y - oy]);
  }
  const outline = [...upper, ...lower.reverse()].map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`);
  return `M${outline[0]}L${outline.slice(1).join('L')}Z`;
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Draws the image captcha (docs/decisions/064). svg-captcha alone draws one path element per
 * glyph, which a program reads without any vision; here every glyph is turned, scaled and packed
 * into its neighbours, thin noise bands cut across the row, and all contours, in random order,
 * form one path of one colour, so nothing in the document tells where a character starts.
 */
export function drawCaptcha(answer = randomAnswer()): DrawnCaptcha {
  const layout = glyphLayout(answer.length);
  const glyphs = [...answer].flatMap((character, i) => placeGlyph(character, layout[i] ?? { x: 0, y: 0, degrees: 0, scale: 1 }));
  const noise = Array.from({ length: NOISE_BANDS }, noiseBand);
  const d = shuffled([...glyphs, ...noise]).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<path fill="#2b2b2b" d="${d}"/></svg>`;
  return { answer, svg };
}

function randomText(alphabet: string): string {
  return Array.from({ length: PromotionLimits.captchaLength }, () => alphabet[randomInt(0, alphabet.length)]).join('');
}

/** An image answer always holds a letter, so it can never be mistaken for a text challenge's. */
function randomAnswer(): string {
  for (;;) {
    const answer = randomText(ALPHABET);
    if (!isTextChallengeAnswer(answer)) return answer;
  }
}

/** The text challenge's answer: digits only, which no image answer is (docs/decisions/064). */
export function textChallengeAnswer(): string {
  return randomText('0123456789');
}

/** Whether an answer (as typed) is a text challenge's: it tells which budget its SMS counts in. */
export function isTextChallengeAnswer(answer: string): boolean {
  return /^\d+$/.test(answer.trim());
}

/** Bound to the sid, so an answer learnt for one visitor is worth nothing for another. */
export function captchaAnswerHash(sidHash: string, answer: string): string {
  return createHash('sha256').update(`${sidHash}:${answer.trim().toLowerCase()}`).digest('hex');
}
