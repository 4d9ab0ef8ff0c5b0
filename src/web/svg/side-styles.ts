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

/**
 * Colours for sides that are named after one (the tutorial's Black and Grey,
 * a campaign's Red and Blue): a player who reads "Black" looks for black.
 * Tones of the same palette where it has one, darker or lighter where it
 * does not; the outline keeps every one of them apart from the white map.
 */
const NAMED_COLOURS: Readonly<Record<string, string>> = {
  black: '#2b2b2b',
  grey: '#8a8f96',
  gray: '#8a8f96',
  silver: '#b4b8bd',
  white: '#ffffff',
  red: '#D55E00',
  orange: '#E69F00',
  yellow: '#F0E442',
  gold: '#E69F00',
  green: '#009E73',
  blue: '#0072B2',
  sky: '#56B4E9',
  purple: '#CC79A7',
  pink: '#CC79A7',
};

/** The colour word a side's id or name is, if any ("Black", "red-fleet" → red; "Orion" → none). */
function namedColour(side: string, name: string): string | null {
  for (const text of [side, name]) {
    const word = text
      .toLowerCase()
      .split(/[^a-z]+/)
      .find((w) => w in NAMED_COLOURS);
    if (word) return NAMED_COLOURS[word]!;
  }
  return null;
}

/**
 * How `side` is drawn among `sides` (in seat order): its shape by its place,
 * its colour the one its id or name says if it names one not already taken,
 * else the first palette colour no other side has.
 */
export function sideStyleFor(
  sides: readonly string[],
  side: string,
  sideName: (side: string) => string = (s) => s,
): SideStyle {
  const index = Math.max(0, sides.indexOf(side));
  const named = sides.map((s) => namedColour(s, sideName(s)));
  const colours: string[] = [];
  sides.forEach((_, i) => {
    const wanted = named[i];
    colours.push(wanted !== null && wanted !== undefined && !colours.includes(wanted) ? wanted : '');
  });
  sides.forEach((_, i) => {
    if (colours[i] !== '') return;
    const free = STYLES.map((st) => st.colour).find((c) => !colours.includes(c) && !named.includes(c));
    colours[i] = free ?? sideStyle(i).colour;
  });
  return { ...sideStyle(index), colour: colours[index] ?? sideStyle(index).colour };
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
