import { WHEEL_COLORS } from '#web/lib/wheel-colors.ts';

const MIN_LABEL_ARC_PX = 11;
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
 * Draws every slice once, to an offscreen canvas that each frame only rotates. Slices thinner
 * than a pixel at the rim are drawn together (colour bands); the geometry of each entry, and so
 * where the wheel stops, is unchanged. Names appear only where a slice is wide enough to read.
 */
export function renderWheelImage(count: number, labels: string[] | null, diameter: number) {
  const canvas = document.createElement('canvas');
  canvas.width = diameter;
  canvas.height = diameter;
  const context = canvas.getContext('2d');
  if (!context || count === 0) return canvas;
  const radius = diameter / 2;
  const slice = (2 * Math.PI) / count;
  const arcPx = slice * radius;
  const perWedge = arcPx >= 1 ? 1 : Math.ceil(1 / arcPx);
  const wedges = Math.ceil(count / perWedge);

  context.translate(radius, radius);
  for (let wedge = 0; wedge < wedges; wedge += 1) {
    const start = wedge * perWedge * slice - Math.PI / 2;
    const end = Math.min(count, (wedge + 1) * perWedge) * slice - Math.PI / 2;
    context.beginPath();
    context.moveTo(0, 0);
    context.arc(0, 0, radius, start, end + (wedges > 1 ? 0.002 : 0));
    context.closePath();
    context.fillStyle = colorOf(wedge, wedges);
    context.fill();
  }
  if (arcPx >= 6) {
    context.strokeStyle = 'rgba(255,255,255,0.85)';
    context.lineWidth = Math.max(1, diameter / 400);
    for (let index = 0; index < count; index += 1) {
      const angle = index * slice - Math.PI / 2;
      context.beginPath();
      context.moveTo(0, 0);
      context.lineTo(Math.cos(angle) * radius, Math.sin(angle) * radius);
      context.stroke();
    }
  }

  const labelArc = slice * radius * 0.8;
  if (labels && labelArc >= MIN_LABEL_ARC_PX) {
    const fontSize = Math.round(Math.min(diameter / 22, Math.max(11, labelArc * 0.55)));
    context.font = `700 ${fontSize}px ${LABEL_FONT}`;
    context.fillStyle = '#ffffff';
    context.textAlign = 'right';
    context.textBaseline = 'middle';
    const maxWidth = radius * 0.64;
    labels.forEach((name, index) => {
      context.save();
      context.rotate((index + 0.5) * slice - Math.PI / 2);
      context.fillText(fitText(context, name, maxWidth), radius - fontSize * 0.8, 0);
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
