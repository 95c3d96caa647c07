import { partLogger } from '@/lib/server/platform';
import { randomInt } from 'node:crypto';
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import {
  CAPTCHA_FRAME,
  CAPTCHA_IMAGE,
  CAPTCHA_JIGSAW_WIDTH,
  CAPTCHA_REFRESH_CORNER,
  CLICK_COUNT,
  type CaptchaPoint,
} from '@/lib/shared/captcha/protocol';

/**
 * Captcha pictures, drawn from scratch on every challenge (no stock images): a random gradient,
 * shapes, ridges and pixel noise. Rendered at CAPTCHA_IMAGE (400x200, spec 9) and shown by the
 * widget at the 310x155 reference frame, so every answer below is converted to frame pixels.
 */

const { width: W, height: H } = CAPTCHA_IMAGE;
const TO_FRAME = CAPTCHA_FRAME.width / W;

/** Jigsaw geometry in image pixels: a 44 px body with round tabs, in a 60 px wide strip. */
const PIECE = { body: 44, tab: 9, pad: 3, strip: CAPTCHA_JIGSAW_WIDTH } as const;

const rnd = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)];

/** The picture; `grain` false leaves out the per-pixel noise (the slider adds its own, see below). */
function paintBackground(ctx: SKRSContext2D, grain = true): void {
  const hue = rnd(0, 360);
  const g = ctx.createLinearGradient(0, 0, W, rnd(0, H));
  g.addColorStop(0, `hsl(${hue}, ${rnd(40, 70)}%, ${rnd(55, 72)}%)`);
  g.addColorStop(
    rnd(0.35, 0.65),
    `hsl(${(hue + rnd(40, 120)) % 360}, ${rnd(40, 70)}%, ${rnd(45, 65)}%)`,
  );
  g.addColorStop(1, `hsl(${(hue + rnd(140, 220)) % 360}, ${rnd(40, 70)}%, ${rnd(40, 60)}%)`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, H);

  // Soft blobs and polygons.
  for (let i = 0, n = randomInt(7, 12); i < n; i++) {
    ctx.fillStyle = `hsla(${rnd(0, 360)}, ${rnd(40, 80)}%, ${rnd(35, 80)}%, ${rnd(0.18, 0.45)})`;
    ctx.beginPath();
    if (Math.random() < 0.5) {
      ctx.arc(rnd(0, W), rnd(0, H), rnd(12, 70), 0, Math.PI * 2);
    } else {
      const cx = rnd(0, W);
      const cy = rnd(0, H);
      const r = rnd(15, 60);
      const sides = randomInt(3, 7);
      const turn = rnd(0, Math.PI);
      for (let s = 0; s < sides; s++) {
        const a = turn + (s / sides) * Math.PI * 2;
        ctx.lineTo(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
      }
      ctx.closePath();
    }
    ctx.fill();
  }

  // Two layered ridges along the bottom, like a landscape.
  for (let layer = 0; layer < 2; layer++) {
    ctx.fillStyle = `hsla(${(hue + 180 + layer * 30) % 360}, 35%, ${30 + layer * 12}%, ${0.35 + layer * 0.15})`;
    ctx.beginPath();
    ctx.moveTo(0, H);
    let y = rnd(H * 0.55, H * 0.8);
    for (let x = 0; x <= W; x += 25) {
      y = Math.min(H - 10, Math.max(H * 0.45, y + rnd(-22, 22)));
      ctx.lineTo(x, y);
    }
    ctx.lineTo(W, H);
    ctx.closePath();
    ctx.fill();
  }

  // Curved strokes.
  for (let i = 0, n = randomInt(3, 6); i < n; i++) {
    ctx.strokeStyle = `hsla(${rnd(0, 360)}, 60%, ${rnd(30, 90)}%, ${rnd(0.25, 0.6)})`;
    ctx.lineWidth = rnd(1, 3);
    ctx.beginPath();
    ctx.moveTo(rnd(0, W), rnd(0, H));
    ctx.bezierCurveTo(rnd(0, W), rnd(0, H), rnd(0, W), rnd(0, H), rnd(0, W), rnd(0, H));
    ctx.stroke();
  }

  // Per-pixel noise, so edges cannot be found by comparing flat colours.
  if (grain) addNoise(ctx, W, 28);
}

/** Grey per-pixel noise of `amplitude` (peak to peak) over the canvas; alpha is left alone. */
function addNoise(ctx: SKRSContext2D, width: number, amplitude: number): void {
  const img = ctx.getImageData(0, 0, width, H);
  const d = img.data;
  for (let p = 0; p < d.length; p += 4) {
    const n = (Math.random() - 0.5) * amplitude;
    d[p] = clampByte(d[p] + n);
    d[p + 1] = clampByte(d[p + 1] + n);
    d[p + 2] = clampByte(d[p + 2] + n);
  }
  ctx.putImageData(img, 0, 0);
}

const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** The jigsaw outline with its body's top-left at (bx, by): tabs on top and right, notch left. */
function piecePath(ctx: SKRSContext2D, bx: number, by: number): void {
  const { body: s, tab: r } = PIECE;
  ctx.beginPath();
  ctx.moveTo(bx, by);
  ctx.lineTo(bx + s / 2 - r, by);
  ctx.arc(bx + s / 2, by, r, Math.PI, Math.PI * 2, false);
  ctx.lineTo(bx + s, by);
  ctx.lineTo(bx + s, by + s / 2 - r);
  ctx.arc(bx + s, by + s / 2, r, -Math.PI / 2, Math.PI / 2, false);
  ctx.lineTo(bx + s, by + s);
  ctx.lineTo(bx, by + s);
  ctx.lineTo(bx, by + s / 2 + r * 0.8);
  ctx.arc(bx, by + s / 2, r * 0.8, Math.PI / 2, -Math.PI / 2, true);
  ctx.closePath();
}

/**
 * Why the slider is not found by brightness (security finding: a flat 50 % dark hole was found by
 * comparing brightness 20 times out of 20). Every hole is shaded by a gradient from a darkening to
 * a lightening of random strength, so its average brightness is close to its surroundings'; its
 * edge is blurred into the background; noise goes over everything afterwards; and decoys with the
 * same outline share the piece's row (turned or flipped, so a person sees the piece does not fit
 * them) and another row (upright, so column statistics find two candidates). Decoys are shaded a
 * little more strongly than the true hole, which offsets the better fit of the piece's own shape.
 * test/regressions/__tests__/issue9-2-slider-brightness-solvers.test.ts measures it.
 */

/** An outline's pose: quarter turns after an optional upside-down flip. */
type Pose = { quarterTurns: number; flipped: boolean };
const UPRIGHT: Pose = { quarterTurns: 0, flipped: false };
/** Decoy poses: each visibly not the piece, yet covering nearly the same pixels. */
const DECOY_POSES: readonly Pose[] = [
  { quarterTurns: 0, flipped: true },
  { quarterTurns: 1, flipped: false },
  { quarterTurns: 2, flipped: false },
  { quarterTurns: 3, flipped: false },
  { quarterTurns: 2, flipped: true },
];
/** Shading strength (0..1) of the true hole and of decoys; see the note above. */
const STRENGTH = { answer: [0.45, 0.7], decoy: [0.7, 1] } as const;
/**
 * Edge blur (px) of the true hole and of decoys: the true hole's rim is the softer, so an edge
 * detector along the piece's outline prefers a decoy (issue 28 item 2; the same kind of bias as
 * STRENGTH, measured by test/regressions/__tests__/issue28-2-slider-solvers.test.ts).
 */
const EDGE_BLUR = { answer: [3, 5], decoy: [1.5, 3.5] } as const;
/** Up to this many decoys on the piece's row, room permitting. */
const ROW_DECOYS = 3;

/** A hole to draw: the strip's left edge, the body's top, the outline's pose, its shading. */
type Hole = { x: number; by: number; pose: Pose; strength: number; blur: number };

/** A signed tint: below 0 darkens (black, up to 55 %), above 0 lightens (white, up to 45 %). */
function tint(tone: number): string {
  return tone < 0
    ? `rgba(0, 0, 0, ${(-tone * 0.55).toFixed(3)})`
    : `rgba(255, 255, 255, ${(tone * 0.45).toFixed(3)})`;
}

/** The two ends of a hole's gradient: one darkens, the other lightens, in random order. */
function holeTints(strength: number): [string, string] {
  const first = (Math.random() < 0.5 ? -1 : 1) * strength;
  return [tint(first), tint(-first * rnd(0.5, 1.1))];
}

/**
 * Draws a hole, true or decoy: gradient shading at a random angle, drawn on a layer of its own and
 * laid on the picture through a blur, so the whole rim is soft (no crisp edge to match).
 */
function drawHole(ctx: SKRSContext2D, hole: Hole): void {
  const layer = createCanvas(W, H);
  const lctx = layer.getContext('2d');
  const bx = hole.x + PIECE.pad;
  const centre = { x: bx + PIECE.body / 2, y: hole.by + PIECE.body / 2 };
  poseTransform(lctx, hole);

  const angle = rnd(0, Math.PI * 2);
  const reach = PIECE.body / 2 + PIECE.tab;
  const dx = Math.cos(angle) * reach;
  const dy = Math.sin(angle) * reach;
  const shade = lctx.createLinearGradient(
    centre.x - dx,
    centre.y - dy,
    centre.x + dx,
    centre.y + dy,
  );
  const [from, to] = holeTints(hole.strength);
  shade.addColorStop(0, from);
  shade.addColorStop(1, to);
  piecePath(lctx, bx, hole.by);
  lctx.fillStyle = shade;
  lctx.fill();
  ctx.save();
  ctx.filter = `blur(${hole.blur.toFixed(1)}px)`;
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

/** Range of a hole's strip left edge (image px): far enough right that the user has to drag. */
export const HOLE_X = { min: 90, max: W - PIECE.strip - 10 } as const;
/** Range of a body's top, with room for the tabs. */
const HOLE_Y = { min: PIECE.tab + 12, max: H - PIECE.body - 12 } as const;

/** A strip left edge in HOLE_X clear of the given holes, or null when there is no room left. */
function freeX(avoid: Hole[]): number | null {
  for (let attempt = 0; attempt < 50; attempt++) {
    const x = randomInt(HOLE_X.min, HOLE_X.max);
    // Tabs reach 6 px left of the strip and 56 px right of it, whatever the pose.
    if (avoid.every((h) => Math.abs(h.x - x) >= PIECE.strip + 2)) return x;
  }
  return null;
}

/** A body top at least a body and a tab away from `by`, so the two rows never touch. */
function otherRowThan(by: number): number {
  for (;;) {
    const y = randomInt(HOLE_Y.min, HOLE_Y.max);
    if (Math.abs(y - by) >= PIECE.body + PIECE.tab) return y;
  }
}

/** The true hole, then its decoys: on its row (turned or flipped) and on another row (upright). */
function placeHoles(): { answer: Hole; decoys: Hole[] } {
  const answer: Hole = {
    x: randomInt(HOLE_X.min, HOLE_X.max),
    by: randomInt(HOLE_Y.min, HOLE_Y.max),
    pose: UPRIGHT,
    strength: rnd(...STRENGTH.answer),
    blur: rnd(...EDGE_BLUR.answer),
  };
  const decoy = (x: number, by: number, pose: Pose): Hole => ({
    x,
    by,
    pose,
    strength: rnd(...STRENGTH.decoy),
    blur: rnd(...EDGE_BLUR.decoy),
  });
  const row = [answer];
  for (const pose of shuffle([...DECOY_POSES]).slice(0, ROW_DECOYS)) {
    const x = freeX(row);
    if (x !== null) row.push(decoy(x, answer.by, pose));
  }
  // Another x than the answer's (HOLE_X is wide enough for two strips side by side).
  const otherRow = decoy(freeX([answer]) ?? HOLE_X.min, otherRowThan(answer.by), UPRIGHT);
  return { answer, decoys: [...row.slice(1), otherRow] };
}

/**
 * The piece: a full-height strip with the cut-out at its place, so the client needs no y. Cut from
 * `source`, which must be a separately noised copy of the picture (issue 28 item 2). Returns the
 * strip as shown, and its pixels without the outline (for the decoy made of them).
 */
function drawPiece(source: Canvas, hole: Hole): { strip: Canvas; content: Canvas } {
  const content = createCanvas(PIECE.strip, H);
  const cctx = content.getContext('2d');
  piecePath(cctx, PIECE.pad, hole.by);
  cctx.clip();
  cctx.drawImage(source, -hole.x, 0);
  const strip = createCanvas(PIECE.strip, H);
  const sctx = strip.getContext('2d');
  sctx.drawImage(content, 0, 0);
  piecePath(sctx, PIECE.pad, hole.by);
  sctx.lineWidth = 2;
  sctx.strokeStyle = 'rgba(255, 255, 255, 0.95)';
  sctx.shadowColor = 'rgba(0, 0, 0, 0.6)';
  sctx.shadowBlur = 4;
  sctx.stroke();
  return { strip, content };
}

/** Applies a hole's pose about its body's centre, so piecePath draws the turned outline. */
function poseTransform(ctx: SKRSContext2D, hole: Hole): void {
  const cx = hole.x + PIECE.pad + PIECE.body / 2;
  const cy = hole.by + PIECE.body / 2;
  ctx.translate(cx, cy);
  ctx.rotate((hole.pose.quarterTurns * Math.PI) / 2);
  if (hole.pose.flipped) ctx.scale(1, -1);
  ctx.translate(-cx, -cy);
}

/** Paints the piece's own pixels (grain included) into a decoy's outline, upright as in the piece. */
function pasteInto(ctx: SKRSContext2D, hole: Hole, content: Canvas): void {
  ctx.save();
  poseTransform(ctx, hole);
  piecePath(ctx, hole.x + PIECE.pad, hole.by);
  ctx.restore();
  ctx.save();
  ctx.clip();
  ctx.drawImage(content, hole.x, 0);
  ctx.restore();
}

/** A grain of its own for one hole: grey noise of random strength inside its outline. */
function holeGrain(ctx: SKRSContext2D, hole: Hole): void {
  const size = PIECE.body + 2 * PIECE.tab + 8;
  const tile = createCanvas(size, size);
  const tctx = tile.getContext('2d');
  const img = tctx.createImageData(size, size);
  const strength = rnd(0.04, 0.1);
  for (let p = 0; p < img.data.length; p += 4) {
    const v = Math.random() < 0.5 ? 0 : 255;
    img.data[p] = img.data[p + 1] = img.data[p + 2] = v;
    img.data[p + 3] = Math.round(Math.random() * strength * 255);
  }
  tctx.putImageData(img, 0, 0);
  ctx.save();
  poseTransform(ctx, hole);
  piecePath(ctx, hole.x + PIECE.pad, hole.by);
  ctx.clip();
  ctx.drawImage(tile, hole.x + PIECE.pad - PIECE.tab - 4, hole.by - PIECE.tab - 4);
  ctx.restore();
}

export type SliderImages = {
  originalImageBase64: string;
  jigsawImageBase64: string;
  /** The hole's left edge in frame pixels; y is always SLIDER_Y. */
  answerX: number;
};

/** Grain of the background's first pass, and of the piece's copy (as strong as both of the background's passes). */
const GRAIN = { background: 28, piece: 34, last: 20 } as const;

export async function renderSliderImages(): Promise<SliderImages> {
  // The picture without grain; background and piece each get their own (issue 28 item 2: a piece
  // cut after the background's noise pass shared its grain with the true hole, and a high-pass
  // filter plus correlation found the hole 55 times out of 55).
  const picture = createCanvas(W, H);
  paintBackground(picture.getContext('2d'), false);
  const bg = createCanvas(W, H);
  const ctx = bg.getContext('2d');
  ctx.drawImage(picture, 0, 0);
  addNoise(ctx, W, GRAIN.background);
  const copy = createCanvas(W, H);
  const copyCtx = copy.getContext('2d');
  copyCtx.drawImage(picture, 0, 0);
  addNoise(copyCtx, W, GRAIN.piece);

  const { answer, decoys } = placeHoles();
  // Cut before the holes are shaded: the piece carries the picture, not the hole.
  const { strip, content } = drawPiece(copy, answer);
  // One decoy on the piece's row is made of the piece's own pixels, grain and all: whatever
  // matches the piece's texture matches it better than the true hole. A person still sees that
  // the piece's outline does not fit it (turned or flipped), and that it breaks the picture.
  const twin = decoys.find((d) => d.by === answer.by);
  if (twin) {
    twin.strength = rnd(...STRENGTH.answer);
    pasteInto(ctx, twin, content);
  }
  for (const hole of shuffle([answer, ...decoys])) {
    drawHole(ctx, hole);
    holeGrain(ctx, hole);
  }
  // Noise over everything, holes included, so no hole is smoother than its surroundings.
  addNoise(ctx, W, GRAIN.last);

  const [original, jigsaw] = await Promise.all([bg.encode('jpeg', 85), strip.encode('png')]);
  return {
    originalImageBase64: original.toString('base64'),
    jigsawImageBase64: jigsaw.toString('base64'),
    answerX: round1(answer.x * TO_FRAME),
  };
}

/** Everyday characters, legible when rotated. */
const WORD_POOL = Array.from(
  new Set(
    '天地人和风云山水日月星光花草木林森火土金石田禾米车马牛羊鱼鸟龙春夏秋冬东西南北大小多少高长白红黄绿青蓝紫门书画诗文歌舞学工生活家国城市村路桥河海湖江岛雨雪雷电春秋心手口目耳足',
  ),
);

let cjkFamily: string | null | undefined;
/** A system font family with Chinese glyphs (Noto CJK, WenQuanYi, ...); null if none is installed. */
function chineseFontFamily(): string | null {
  if (cjkFamily !== undefined) return cjkFamily;
  const families = GlobalFonts.families.map((f) => f.family);
  cjkFamily =
    families.find((f) => /CJK SC|CJK/i.test(f) && /Sans/i.test(f)) ??
    families.find((f) => /CJK|WenQuanYi|Hei|Song|Ming|Kai/i.test(f)) ??
    null;
  if (!cjkFamily)
    partLogger('captcha').warn('no CJK font installed: click-word captcha cannot draw characters');
  return cjkFamily;
}

export type ClickWordImages = {
  originalImageBase64: string;
  wordList: string[];
  /** Centres of the wordList characters, in order, in frame pixels. */
  answer: CaptchaPoint[];
};

/** The refresh button's corner in image px. */
const REFRESH_CORNER = {
  left: W - CAPTCHA_REFRESH_CORNER.width / TO_FRAME,
  bottom: CAPTCHA_REFRESH_CORNER.height / TO_FRAME,
};

/** How high a character of `size` centred at `cx` may start: below the refresh button if under it. */
function lowestTopFor(cx: number, size: number): number {
  // Rotation swings a glyph's corners out by up to size/√2 from its centre.
  const reach = size * 0.71;
  return cx + reach > REFRESH_CORNER.left ? REFRESH_CORNER.bottom + 4 : 10;
}

export async function renderClickWordImages(): Promise<ClickWordImages> {
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  paintBackground(ctx);

  const total = CLICK_COUNT + 1; // one decoy
  const chars: string[] = [];
  while (chars.length < total) {
    const c = pick(WORD_POOL);
    if (!chars.includes(c)) chars.push(c);
  }
  // Spread the characters over columns so they never overlap: one per column, random within.
  const columns = shuffle(Array.from({ length: total }, (_, i) => i));
  const colWidth = W / total;
  const family = chineseFontFamily() ?? 'sans-serif';
  const centres = chars.map((ch, i) => {
    const size = randomInt(34, 42);
    const cx = columns[i] * colWidth + rnd(size / 2 + 6, colWidth - size / 2 - 6);
    const cy = rnd(lowestTopFor(cx, size) + size / 2, H - size / 2 - 10);
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(rnd(-0.7, 0.7));
    ctx.font = `bold ${size}px "${family}"`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
    ctx.strokeText(ch, 0, 0);
    ctx.fillStyle = `hsl(${rnd(0, 360)}, 85%, ${rnd(75, 92)}%)`;
    ctx.fillText(ch, 0, 0);
    ctx.restore();
    return { x: round1(cx * TO_FRAME), y: round1(cy * TO_FRAME) };
  });

  const order = shuffle(Array.from({ length: total }, (_, i) => i)).slice(0, CLICK_COUNT);
  const original = await canvas.encode('jpeg', 85);
  return {
    originalImageBase64: original.toString('base64'),
    wordList: order.map((i) => chars[i]),
    answer: order.map((i) => centres[i]),
  };
}

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
