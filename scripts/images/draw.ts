import type { Art } from '../../src/server/seed/kinds.ts';

/** Mixes a hex colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  const ch = (v: number) => Math.round(v + (target - v) * t);
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** Whether a colour is light enough to need dark details. */
export const isLight = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return ((n >> 16) & 255) * 0.299 + ((n >> 8) & 255) * 0.587 + (n & 255) * 0.114 > 150;
};

type Painter = (body: string, accent: string) => string;

const driver = (cx: number, cy: number, r: number, body: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${shade(body, -0.45)}"/><circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.72)}" fill="${shade(body, -0.25)}"/><circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.28)}" fill="${shade(body, -0.6)}"/>`;

const box = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${extra}/>`;

/** Each drawing fits the 800×800 box, centred on (400, 400). */
const PAINTERS: Record<Art, Painter> = {
  headphones: (b, a) =>
    `<path d="M230 430 C230 200 570 200 570 430" fill="none" stroke="${shade(b, -0.2)}" stroke-width="34" stroke-linecap="round"/>` +
    box(180, 390, 110, 200, 48, b) +
    box(510, 390, 110, 200, 48, b) +
    box(262, 410, 40, 160, 18, shade(b, -0.35)) +
    box(498, 410, 40, 160, 18, shade(b, -0.35)) +
    `<circle cx="235" cy="490" r="14" fill="${a}" opacity=".8"/>`,
  earbuds: (b, a) =>
    box(250, 430, 300, 190, 80, b) +
    `<path d="M250 500 H550" stroke="${shade(b, -0.3)}" stroke-width="6"/>` +
    `<circle cx="320" cy="330" r="54" fill="${shade(b, 0.15)}"/><rect x="306" y="330" width="28" height="110" rx="14" fill="${shade(b, 0.15)}"/>` +
    `<circle cx="480" cy="330" r="54" fill="${shade(b, 0.15)}"/><rect x="466" y="330" width="28" height="110" rx="14" fill="${shade(b, 0.15)}"/>` +
    `<circle cx="400" cy="560" r="8" fill="${a}"/>`,
  iem: (b, a) =>
    `<path d="M300 380 C300 560 400 620 400 700 M500 380 C500 560 400 620 400 700" fill="none" stroke="${shade(b, -0.4)}" stroke-width="8"/>` +
    `<ellipse cx="290" cy="330" rx="80" ry="62" fill="${b}"/><ellipse cx="510" cy="330" rx="80" ry="62" fill="${b}"/>` +
    `<circle cx="290" cy="330" r="22" fill="${a}" opacity=".7"/><circle cx="510" cy="330" r="22" fill="${a}" opacity=".7"/>`,
  portable: (b, a) =>
    box(170, 300, 460, 230, 110, b) +
    Array.from(
      { length: 5 },
      (_, i) =>
        `<path d="M${250 + i * 75} 330 V500" stroke="${shade(b, -0.25)}" stroke-width="10" stroke-linecap="round"/>`,
    ).join('') +
    `<path d="M190 330 C120 330 120 500 190 500" fill="none" stroke="${shade(b, -0.35)}" stroke-width="16"/>` +
    `<circle cx="400" cy="560" r="10" fill="${a}"/>`,
  'smart-speaker': (b, a) =>
    box(270, 190, 260, 440, 60, b) +
    box(295, 220, 210, 320, 40, shade(b, -0.18)) +
    Array.from(
      { length: 8 },
      (_, i) => `<path d="M310 ${250 + i * 36} H490" stroke="${shade(b, -0.3)}" stroke-width="4"/>`,
    ).join('') +
    `<circle cx="400" cy="585" r="14" fill="${a}"/>`,
  bookshelf: (b) =>
    box(170, 250, 210, 330, 14, b) +
    box(420, 250, 210, 330, 14, b) +
    driver(275, 470, 70, b) +
    driver(525, 470, 70, b) +
    driver(275, 320, 28, b) +
    driver(525, 320, 28, b),
  tower: (b) =>
    box(220, 140, 150, 540, 12, b) +
    box(430, 140, 150, 540, 12, b) +
    [0, 1]
      .map(
        (s) =>
          driver(295 + s * 210, 200, 24, b) + driver(295 + s * 210, 300, 52, b) + driver(295 + s * 210, 430, 52, b),
      )
      .join(''),
  subwoofer: (b, a) =>
    box(230, 250, 340, 340, 24, b) +
    driver(400, 420, 130, b) +
    `<rect x="230" y="590" width="340" height="14" fill="${a}" opacity=".5"/>`,
  soundbar: (b, a) =>
    `<rect x="170" y="190" width="460" height="260" rx="10" fill="none" stroke="${shade(b, 0.5)}" stroke-width="10"/>` +
    box(110, 500, 580, 80, 40, b) +
    Array.from(
      { length: 24 },
      (_, i) => `<circle cx="${150 + i * 21.5}" cy="540" r="5" fill="${shade(b, -0.3)}"/>`,
    ).join('') +
    `<circle cx="660" cy="540" r="6" fill="${a}"/>`,
  turntable: (b, a) =>
    box(140, 200, 520, 420, 20, b) +
    `<circle cx="360" cy="410" r="182" fill="${shade(b, isLight(b) ? -0.2 : 0.3)}"/><circle cx="360" cy="410" r="170" fill="#161616"/>` +
    [150, 120, 90]
      .map((r) => `<circle cx="360" cy="410" r="${r}" fill="none" stroke="#2d2d2d" stroke-width="3"/>`)
      .join('') +
    `<circle cx="360" cy="410" r="50" fill="${a}"/><circle cx="360" cy="410" r="6" fill="#ddd"/>` +
    `<circle cx="590" cy="260" r="22" fill="${shade(b, -0.3)}"/><path d="M590 260 L600 500 L520 560" fill="none" stroke="#cfcfcf" stroke-width="9" stroke-linecap="round"/>`,
  amp: (b, a) =>
    box(110, 290, 580, 220, 14, b) +
    `<circle cx="210" cy="400" r="52" fill="${shade(b, -0.25)}"/><circle cx="590" cy="400" r="52" fill="${shade(b, -0.25)}"/>` +
    box(320, 360, 160, 60, 30, '#10202a') +
    `<rect x="340" y="382" width="120" height="16" rx="8" fill="${a}" opacity=".85"/>` +
    `<rect x="130" y="510" width="40" height="14" fill="${shade(b, -0.5)}"/><rect x="630" y="510" width="40" height="14" fill="${shade(b, -0.5)}"/>`,
  dac: (b, a) =>
    box(220, 320, 360, 170, 18, b) +
    `<circle cx="500" cy="405" r="42" fill="${shade(b, -0.25)}"/>` +
    box(255, 380, 120, 44, 10, '#10202a') +
    `<circle cx="290" cy="455" r="9" fill="${shade(b, -0.5)}"/><circle cx="330" cy="455" r="9" fill="${shade(b, -0.5)}"/>` +
    `<rect x="270" y="396" width="80" height="12" rx="6" fill="${a}"/>`,
  player: (b, a) =>
    box(290, 170, 220, 460, 28, b) +
    box(310, 200, 180, 280, 12, '#13222e') +
    `<rect x="330" y="230" width="140" height="140" rx="8" fill="${a}" opacity=".6"/>` +
    `<circle cx="400" cy="550" r="44" fill="${shade(b, -0.25)}"/>`,
  cartridge: (b, a) =>
    `<path d="M300 300 H500 L470 470 H330 Z" fill="${b}"/>` +
    box(280, 270, 240, 40, 8, shade(b, -0.3)) +
    `<path d="M400 470 L420 560" stroke="#bbb" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="340" y="360" width="120" height="20" rx="4" fill="${a}"/>`,
  cable: (b, a) =>
    `<path d="M190 560 C260 200 420 640 610 260" fill="none" stroke="${b}" stroke-width="22" stroke-linecap="round"/>` +
    box(150, 540, 80, 110, 14, shade(b, -0.3)) +
    box(570, 170, 80, 110, 14, shade(b, -0.3)) +
    `<rect x="175" y="650" width="30" height="40" fill="${a}"/><rect x="595" y="130" width="30" height="40" fill="${a}"/>`,
  stand: (b, a) =>
    box(300, 160, 200, 30, 6, b) +
    box(370, 190, 60, 400, 10, shade(b, -0.15)) +
    box(270, 590, 260, 36, 8, b) +
    `<circle cx="300" cy="640" r="10" fill="${a}"/><circle cx="500" cy="640" r="10" fill="${a}"/>`,
  mic: (b, a) =>
    box(330, 170, 140, 260, 70, b) +
    Array.from(
      { length: 6 },
      (_, i) => `<path d="M345 ${210 + i * 30} H455" stroke="${shade(b, -0.3)}" stroke-width="5"/>`,
    ).join('') +
    `<path d="M300 330 C300 480 500 480 500 330" fill="none" stroke="${shade(b, -0.2)}" stroke-width="14"/>` +
    box(388, 460, 24, 150, 8, shade(b, -0.2)) +
    box(300, 600, 200, 30, 15, b) +
    `<circle cx="400" cy="450" r="8" fill="${a}"/>`,
  care: (b, a) =>
    box(200, 300, 200, 300, 20, b) +
    box(230, 340, 140, 100, 8, shade(b, 0.35)) +
    box(470, 250, 90, 350, 30, shade(b, -0.15)) +
    box(490, 210, 50, 50, 10, a) +
    `<path d="M250 390 H350" stroke="${a}" stroke-width="10" stroke-linecap="round"/>`,
};

/** The drawing of one kind of product, as SVG elements in the 800×800 box. */
export function paint(art: Art, body: string, accent: string): string {
  return PAINTERS[art](body, accent);
}
