/**
 * How each side is drawn: a colour from the Okabe–Ito palette (told apart by
 * people with any common colour-vision deficiency) and a shape of its own, so
 * that sides differ even in grey. Sides take them in seat order.
 */
export type ShipShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'down-triangle' | 'pentagon' | 'star' | 'cross';

export interface SideStyle {
  readonly colour: string;
  readonly shape: ShipShape;
  /** The shape's name, for legends read aloud. */
  readonly shapeName: string;
}

const STYLES: readonly SideStyle[] = [
  { colour: '#E69F00', shape: 'circle', shapeName: 'circle' },
  { colour: '#0072B2', shape: 'square', shapeName: 'square' },
  { colour: '#009E73', shape: 'triangle', shapeName: 'triangle' },
  { colour: '#CC79A7', shape: 'diamond', shapeName: 'diamond' },
  { colour: '#D55E00', shape: 'down-triangle', shapeName: 'downward triangle' },
  { colour: '#56B4E9', shape: 'pentagon', shapeName: 'pentagon' },
  { colour: '#F0E442', shape: 'star', shapeName: 'star' },
  { colour: '#000000', shape: 'cross', shapeName: 'cross' },
];

export function sideStyle(index: number): SideStyle {
  return STYLES[((index % STYLES.length) + STYLES.length) % STYLES.length]!;
}

/** Escapes text for SVG/HTML content and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** An SVG element drawing `shape` centred on (x, y), `size` pixels from centre to edge. */
export function shapeElement(shape: ShipShape, x: number, y: number, size: number, colour: string): string {
  const paint = `fill="${colour}" stroke="#1a1a1a" stroke-width="1.5"`;
  const pts = (list: Array<[number, number]>) =>
    list.map(([px, py]) => `${r(x + px * size)},${r(y + py * size)}`).join(' ');
  switch (shape) {
    case 'circle':
      return `<circle cx="${x}" cy="${y}" r="${r(size)}" ${paint}/>`;
    case 'square':
      return `<rect x="${r(x - size * 0.85)}" y="${r(y - size * 0.85)}" width="${r(size * 1.7)}" height="${r(size * 1.7)}" ${paint}/>`;
    case 'triangle':
      return `<polygon points="${pts([
        [0, -1.1],
        [1, 0.75],
        [-1, 0.75],
      ])}" ${paint}/>`;
    case 'down-triangle':
      return `<polygon points="${pts([
        [0, 1.1],
        [1, -0.75],
        [-1, -0.75],
      ])}" ${paint}/>`;
    case 'diamond':
      return `<polygon points="${pts([
        [0, -1.15],
        [1, 0],
        [0, 1.15],
        [-1, 0],
      ])}" ${paint}/>`;
    case 'pentagon':
      return `<polygon points="${pts(ring(5, 1.05, 0))}" ${paint}/>`;
    case 'star':
      return `<polygon points="${pts(star())}" ${paint}/>`;
    case 'cross':
      return `<polygon points="${pts([
        [-0.35, -1],
        [0.35, -1],
        [0.35, -0.35],
        [1, -0.35],
        [1, 0.35],
        [0.35, 0.35],
        [0.35, 1],
        [-0.35, 1],
        [-0.35, 0.35],
        [-1, 0.35],
        [-1, -0.35],
        [-0.35, -0.35],
      ])}" ${paint}/>`;
  }
}

function ring(n: number, radius: number, phase: number): Array<[number, number]> {
  return Array.from({ length: n }, (_, i) => {
    const a = phase + (2 * Math.PI * i) / n;
    return [radius * Math.sin(a), -radius * Math.cos(a)] as [number, number];
  });
}

function star(): Array<[number, number]> {
  const outer = ring(5, 1.2, 0);
  const inner = ring(5, 0.5, Math.PI / 5);
  return outer.flatMap((p, i) => [p, inner[i]!]);
}

function r(n: number): number {
  return Math.round(n * 10) / 10;
}
