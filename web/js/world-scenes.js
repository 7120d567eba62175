// The world page's scenes (presets): each gives the sliders' values it starts from, which of them
// it uses, and adds its circles (and walls) to a fresh world. Every scene is the same each time it
// is built (a seeded generator), so that "Reset" and a shared link give it bit for bit. The
// bundled scene files are presets too (scene-files.js): they set the world themselves.
import { SCENE_FILES } from './scene-files.js';

export const BOX = 100; // the box is BOX wide
export const HEIGHT = BOX * 600 / 880; // and as high as the drawing's aspect ratio

// A small seeded generator.
export function random(seed) {
    let s = seed >>> 0;
    return () => {
        s = (s + 0x6d2b79f5) >>> 0;
        let t = s;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// A speed of the 2D Maxwell-Boltzmann distribution of deviation 10 per component, and a direction.
function thermal(next) {
    const angle = 2 * Math.PI * next();
    const speed = 10 * Math.sqrt(-2 * Math.log(1 - next()) / 2);
    return { vx: speed * Math.cos(angle), vy: speed * Math.sin(angle) };
}

// count circles on a square grid filling the box (mass r^2), with thermal velocities.
function grid(circol, s, next) {
    const side = Math.ceil(Math.sqrt(s.count * BOX / HEIGHT));
    const cell = BOX / side;
    const base = cell * 0.3 / (1 + s.spread);
    let added = 0;
    for (let i = 0; added < s.count && i < 4 * s.count; i++) {
        const col = i % side;
        const row = Math.floor(i / side);
        if ((row + 0.5) * cell > HEIGHT) {
            break;
        }
        const r = base * (1 + s.spread * next());
        const { vx, vy } = thermal(next);
        added += circol.addCircle((col + 0.5) * cell, (row + 0.5) * cell, vx, vy, r, r * r).status === 0;
    }
    return { added, baseRadius: base };
}

// A Galton board: rows of fixed pegs, bins at the bottom, and balls poured from the top.
function galton(circol, s, next) {
    const peg = 0.5;
    for (let row = 0; row < 8; row++) {
        const y = 44 - 3.2 * row;
        for (let x = 4 + 2 * (row % 2); x < BOX - 2; x += 4) {
            circol.addCircle(x, y, 0, 0, peg, 0);
        }
    }
    const segments = [];
    for (let x = 5; x < BOX; x += 5) {
        if (circol.addSegment(x, 0, x, 14) === 0) {
            segments.push({ ax: x, ay: 0, bx: x, by: 14 });
        }
    }
    const top = 48;
    const cell = Math.max(1, Math.sqrt((BOX - 2) * (HEIGHT - top - 1) / s.count));
    const base = cell * 0.4 / (1 + s.spread);
    const perRow = Math.floor((BOX - 2) / cell);
    let added = 0;
    for (let i = 0; added < s.count; i++) {
        const y = HEIGHT - 1 - cell * (Math.floor(i / perRow) + 0.5);
        if (y < top) {
            break;
        }
        const r = base * (1 + s.spread * next());
        const x = 1 + cell * ((i % perRow) + 0.5);
        added += circol.addCircle(x, y, 2 * next() - 1, 0, r, r * r).status === 0;
    }
    return { added, baseRadius: base, segments };
}

// A gap between circles meant to touch: the world starts with none overlapping.
const GAP = 1e-6;

// Newton's cradle: five equal circles in a row, touching but for a hair, and a sixth striking.
function cradle(circol) {
    const r = 4;
    for (let i = 0; i < 5; i++) {
        circol.addCircle(50 + (i - 2) * (2 * r + GAP), HEIGHT / 2, 0, 0, r, r * r);
    }
    circol.addCircle(15, HEIGHT / 2, 25, 0, r, r * r);
    return { added: 6, baseRadius: r };
}

// A billiards break: fifteen balls racked in a triangle and the cue ball driven into its apex.
function billiards(circol) {
    const r = 2;
    const d = 2 * r + GAP;
    let added = 0;
    for (let k = 0; k < 5; k++) {
        for (let j = 0; j <= k; j++) {
            const x = 65 + k * d * Math.sqrt(3) / 2;
            const y = HEIGHT / 2 + (j - k / 2) * d;
            added += circol.addCircle(x, y, 0, 0, r, r * r).status === 0;
        }
    }
    added += circol.addCircle(15, HEIGHT / 2 + 0.05, 160, 0, r, r * r).status === 0;
    return { added, baseRadius: r };
}

// The presets: their names, the sliders they start from, and the sliders they do not use.
export const SCENES = Object.freeze({
    gas: {
        label: 'gas', build: grid, unused: [],
        values: { count: 3, spread: 0.5, restitution: 1, gravity: 0, damping: 0 },
    },
    pile: {
        label: 'pile', build: grid, unused: [],
        values: { count: 3.3, spread: 0.5, restitution: 0.5, gravity: 30, damping: 0 },
    },
    galton: {
        label: 'Galton board', build: galton, unused: [],
        values: { count: 2.7, spread: 0.3, restitution: 0.6, gravity: 40, damping: 0 },
    },
    cradle: {
        label: "Newton's cradle", build: cradle, unused: ['count', 'spread'],
        values: { count: 2, spread: 0, restitution: 1, gravity: 0, damping: 0 },
    },
    break: {
        label: 'billiards break', build: billiards, unused: ['count', 'spread'],
        values: { count: 2, spread: 0, restitution: 0.95, gravity: 0, damping: 0.3 },
    },
    // a scene file gives its own world: no slider applies
    ...Object.fromEntries(Object.entries(SCENE_FILES).map(([key, { file, label }]) => [key, {
        label, file, unused: ['count', 'spread', 'restitution', 'gravity', 'damping'],
        values: { count: 2, spread: 0, restitution: 1, gravity: 0, damping: 0 },
    }])),
});

// Where a box [x0, y0, x1, y1] (world units, y up) lies on the drawing (BOX x HEIGHT units, y
// down): the largest scale k that fits it, centred. A drawing point is (k x + ux, k (top - y) +
// uy); the generated scenes' box is the drawing itself (k = 1).
export function viewOf([x0, y0, x1, y1]) {
    const k = Math.min(BOX / (x1 - x0), HEIGHT / (y1 - y0));
    return { k, ux: (BOX - k * (x1 - x0)) / 2 - k * x0, uy: (HEIGHT - k * (y1 - y0)) / 2, top: y1, box: [x0, y0, x1, y1] };
}

// Builds a scene with the given settings into the module's (fresh) world; returns the number of
// moving circles added, the scene's smallest radius and its segment walls ({ax, ay, bx, by}).
export function buildScene(circol, settings) {
    const scene = SCENES[settings.preset] ?? SCENES.gas;
    const count = Math.round(10 ** settings.count);
    return { segments: [], ...scene.build(circol, { ...settings, count }, random(12345)) };
}
