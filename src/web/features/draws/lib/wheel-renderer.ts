import { WHEEL_COLORS } from '#web/lib/wheel-colors.ts';
import { labelColorOn } from '#web/lib/wheel-labels.ts';
import { labelPlacement, type WheelLayout } from './wheel-geometry.ts';

const MIN_LABEL_ARC_PX = 11;
const MIN_SEPARATED_ARC_PX = 6;
const LABEL_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

function colorOf(wedge: number, wedges: number): string {
  // The last wedge touches the first: never give them the same colour.
  if (wedge === wedges - 1 && wedges % WHEEL_COLORS.length === 1 && wedges > 1)
    return WHEEL_COLORS[1]!;
  return WHEEL_COLORS[wedge % WHEEL_COLORS.length]!;
}

function fitText(context: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (context.measureText(text).width <= maxWidth) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (context.measureText(`${text.slice(0, middle)}…`).width <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return low > 0 ? `${text.slice(0, low)}…` : '';
}

/**
 * Draws every slice once, to an offscreen canvas that each frame only rotates; each slice's arc
 * is its share of the layout's weight. Runs of slices thinner than a pixel at the rim are drawn
 * together (colour bands); the geometry of each entry, and so where the wheel stops, is
 * unchanged. Names appear only where a slice is wide enough to read, larger on wider slices, in
 * the colour that reads on their slice and never upside down (src/web/lib/wheel-labels.ts).
 */
export function renderWheelImage(layout: WheelLayout, labels: string[] | null, diameter: number) {
  const canvas = document.createElement('canvas');
  canvas.width = diameter;
  canvas.height = diameter;
  const context = canvas.getContext('2d');
  const { count, total, bounds } = layout;
  if (!context || count === 0) return canvas;
  const radius = diameter / 2;
  const radiansPerWeight = (2 * Math.PI) / total;
  const angleAt = (bound: number) => bounds[bound]! * radiansPerWeight - Math.PI / 2;
  const arcPx = (index: number) =>
    (bounds[index + 1]! - bounds[index]!) * radiansPerWeight * radius;

  // Where the wedges start: each at the first slice boundary a pixel or more past the last.
  const weightPerPx = total / (2 * Math.PI * radius);
  const edges = [0];
  // Each slice's wedge, for the colour its name is written on.
  const wedgeOf = new Uint32Array(count);
  for (let index = 1; index < count; index += 1) {
    if (bounds[index]! - bounds[edges.at(-1)!]! >= weightPerPx) edges.push(index);
    wedgeOf[index] = edges.length - 1;
  }
  edges.push(count);
  const wedges = edges.length - 1;
  context.translate(radius, radius);
  for (let wedge = 0; wedge < wedges; wedge += 1) {
    const end = angleAt(edges[wedge + 1]!) + (wedges > 1 ? 0.002 : 0);
    context.beginPath();
    context.moveTo(0, 0);
    context.arc(0, 0, radius, angleAt(edges[wedge]!), end);
    context.closePath();
    context.fillStyle = colorOf(wedge, wedges);
    context.fill();
  }

  context.strokeStyle = 'rgba(255,255,255,0.85)';
  context.lineWidth = Math.max(1, diameter / 400);
  for (let index = 0; index < count; index += 1) {
    // A line between two slices only where both are wide enough for it not to hide them.
    const before = (index + count - 1) % count;
    if (arcPx(index) < MIN_SEPARATED_ARC_PX || arcPx(before) < MIN_SEPARATED_ARC_PX) continue;
    const angle = angleAt(index);
    context.beginPath();
    context.moveTo(0, 0);
    context.lineTo(Math.cos(angle) * radius, Math.sin(angle) * radius);
    context.stroke();
  }

  if (labels) {
    context.textBaseline = 'middle';
    const maxWidth = radius * 0.64;
    labels.forEach((name, index) => {
      const labelArc = arcPx(index) * 0.8;
      if (labelArc < MIN_LABEL_ARC_PX) return;
      const fontSize = Math.round(Math.min(diameter / 22, Math.max(11, labelArc * 0.55)));
      context.font = `700 ${fontSize}px ${LABEL_FONT}`;
      // Near the rim either way: running outwards on the right half, inwards on the left.
      const { degrees, flipped } = labelPlacement(layout, index);
      const rimGap = radius - fontSize * 0.8;
      context.save();
      context.rotate((degrees * Math.PI) / 180);
      context.textAlign = flipped ? 'left' : 'right';
      context.fillStyle = labelColorOn(colorOf(wedgeOf[index]!, wedges));
      context.fillText(fitText(context, name, maxWidth), flipped ? -rimGap : rimGap, 0);
      context.restore();
    });
  }
  return canvas;
}

/** One frame: the prepared image, turned. */
export function drawWheelFrame(
  context: CanvasRenderingContext2D,
  image: HTMLCanvasElement,
  rotationDegrees: number,
) {
  const size = context.canvas.width;
  context.clearRect(0, 0, size, size);
  context.save();
  context.translate(size / 2, size / 2);
  context.rotate((rotationDegrees * Math.PI) / 180);
  context.drawImage(image, -size / 2, -size / 2, size, size);
  context.restore();
}
