// Drawing for the world page: the circles (tens of thousands of them in one image), a tracked
// circle's path, and the speed histogram against the Maxwell-Boltzmann curve. No physics here:
// every number comes from the library's export of the circles (x, y, vx, vy, r, mass each).
import { COLORS, cssPixel, drawCircle, fmt } from './ui.js';

// Above this many circles they are written into one image, pixel by pixel; below it they are one
// path of arcs (smoother at the larger radii that few circles have).
const IMAGE_ABOVE = 2000;
const FILL = { r: 79, g: 195, b: 247, a: 217 }; // COLORS.a at 0.85 opacity
const RGB = (FILL.b << 16) | (FILL.g << 8) | FILL.r; // a pixel's word but its alpha (little-endian RGBA)

// The circles of a world on a context whose transform maps world units to device pixels, (x, top
// - y) to (scale x + ox, scale (top - y) + oy): `device` is {scale, ox, oy, top}. Keeps its image
// between frames.
export class CircleLayer {
    constructor() {
        this.image = null;
        this.words = null;
        this.stamps = new Map();
    }

    // The moving circles, then the fixed ones (mass 0) in the walls' colour.
    draw(ctx, flat, device) {
        if (flat.length / 6 > IMAGE_ABOVE) {
            this.drawImage(ctx, flat, device);
        } else {
            this.drawPath(ctx, flat, device.top, true, 'rgba(79, 195, 247, 0.85)');
        }
        this.drawPath(ctx, flat, device.top, false, '#9e9e9e');
    }

    // The moving (or the fixed) circles as one path of arcs.
    drawPath(ctx, flat, height, moving, fill) {
        const px = cssPixel(ctx);
        ctx.fillStyle = fill;
        ctx.beginPath();
        for (let i = 0; i < flat.length; i += 6) {
            if ((flat[i + 5] > 0) !== moving) {
                continue;
            }
            const x = flat[i];
            const y = height - flat[i + 1];
            const r = Math.max(flat[i + 4], 0.7 * px);
            ctx.moveTo(x + r, y);
            ctx.arc(x, y, r, 0, 2 * Math.PI);
        }
        ctx.fill();
    }

    // Every disc written into one RGBA image (its edge pixels by their coverage, the strongest
    // kept where discs touch), put on the canvas in one call.
    drawImage(ctx, flat, { scale, ox, oy, top }) {
        const w = ctx.canvas.width;
        const h = ctx.canvas.height;
        if (!this.image || this.image.width !== w || this.image.height !== h) {
            this.image = new ImageData(w, h);
            this.words = new Uint32Array(this.image.data.buffer);
            this.stamps.clear(); // their offsets are for another width
        } else {
            this.words.fill(0);
        }
        const words = this.words;
        for (let i = 0; i < flat.length; i += 6) {
            if (!(flat[i + 5] > 0)) {
                continue; // fixed: drawn as a path
            }
            const cx = flat[i] * scale + ox;
            const cy = (top - flat[i + 1]) * scale + oy;
            const ix = Math.floor(cx);
            const iy = Math.floor(cy);
            const stamp = this.stamp(flat[i + 4] * scale, cx - ix, cy - iy, w);
            const { reach, offsets, values } = stamp;
            if (ix < reach || iy < reach || ix + reach >= w || iy + reach >= h) {
                stampClipped(words, w, h, ix, iy, stamp);
                continue;
            }
            // the whole disc is on the image: no bounds to check (a pixel's colour is the same
            // for every disc, so the larger word has the larger coverage)
            const base = iy * w + ix;
            for (let k = 0; k < offsets.length; k++) {
                const at = base + offsets[k];
                if (values[k] > words[at]) {
                    words[at] = values[k];
                }
            }
        }
        ctx.putImageData(this.image, 0, 0); // device pixels: the transform does not apply
    }

    // The pixels of a disc of radius rad (device pixels, at least 0.75) whose centre lies at
    // (fx, fy) in its pixel: {reach (of its pixels from the centre's, in x or y), cells ((dx, dy,
    // alpha) triples), offsets (dy w + dx, on an image w wide), values (the pixels' words)}. The
    // radius is rounded to an eighth of a pixel and the centre to a quarter, so that the few
    // shapes of a scene are computed once.
    stamp(rad, fx, fy, w) {
        const r8 = Math.max(6, Math.round(rad * 8));
        const qx = Math.min(3, Math.floor(fx * 4));
        const qy = Math.min(3, Math.floor(fy * 4));
        const key = r8 * 16 + qx * 4 + qy;
        let stamp = this.stamps.get(key);
        if (!stamp) {
            const r = r8 / 8;
            const cx = (qx + 0.5) / 4;
            const cy = (qy + 0.5) / 4;
            const cells = [];
            const reach = Math.ceil(r + 1);
            for (let dy = -reach; dy <= reach; dy++) {
                for (let dx = -reach; dx <= reach; dx++) {
                    const cover = r + 0.5 - Math.hypot(dx + 0.5 - cx, dy + 0.5 - cy);
                    if (cover > 0) {
                        cells.push(dx, dy, cover >= 1 ? FILL.a : Math.floor(FILL.a * cover));
                    }
                }
            }
            const alphas = cells.filter((_, k) => k % 3 === 2);
            stamp = {
                reach, cells: Int32Array.from(cells),
                offsets: Int32Array.from(alphas, (_, k) => cells[3 * k + 1] * w + cells[3 * k]),
                values: Uint32Array.from(alphas, (alpha) => ((alpha << 24) | RGB) >>> 0),
            };
            this.stamps.set(key, stamp);
        }
        return stamp;
    }
}

// A stamp written at pixel (ix, iy) of a w x h image where it may cross the image's edges.
function stampClipped(words, w, h, ix, iy, { cells, values }) {
    for (let k = 0; k < values.length; k++) {
        const px = ix + cells[3 * k];
        const py = iy + cells[3 * k + 1];
        if (px >= 0 && py >= 0 && px < w && py < h && values[k] > words[py * w + px]) {
            words[py * w + px] = values[k];
        }
    }
}

// Segment walls ({ax, ay, bx, by} in world units).
export function drawSegments(ctx, segments, height) {
    ctx.beginPath();
    ctx.strokeStyle = COLORS.wall;
    ctx.lineWidth = 2 * cssPixel(ctx);
    for (const s of segments) {
        ctx.moveTo(s.ax, height - s.ay);
        ctx.lineTo(s.bx, height - s.by);
    }
    ctx.stroke();
}

// Point obstacles ({x, y}) as small discs.
export function drawPoints(ctx, points, height) {
    const r = 2.5 * cssPixel(ctx);
    ctx.beginPath();
    ctx.fillStyle = COLORS.wall;
    for (const p of points) {
        ctx.moveTo(p.x + r, height - p.y);
        ctx.arc(p.x, height - p.y, r, 0, 2 * Math.PI);
    }
    ctx.fill();
}

// The box [x0, y0, x1, y1]'s outline (dashed when periodic: circles leave through one side and
// come back through the other).
export function drawBox(ctx, [x0, y0, x1, y1], height, periodic) {
    ctx.strokeStyle = COLORS.wall;
    ctx.lineWidth = cssPixel(ctx);
    ctx.setLineDash(periodic ? [6 * cssPixel(ctx), 4 * cssPixel(ctx)] : []);
    ctx.strokeRect(x0, height - y1, x1 - x0, y1 - y0);
    ctx.setLineDash([]);
}

// A tracked circle's path (world points {x, y, r} or {gap}), broken at gaps, and the circle at its
// end.
export function drawTrail(ctx, trail, height) {
    if (trail.length < 2) {
        return;
    }
    ctx.beginPath();
    ctx.strokeStyle = COLORS.normal;
    ctx.lineWidth = 1.5 * cssPixel(ctx);
    let pen = false;
    for (const q of trail) {
        if (q.gap) {
            pen = false;
            continue;
        }
        if (pen) {
            ctx.lineTo(q.x, height - q.y);
        } else {
            ctx.moveTo(q.x, height - q.y);
            pen = true;
        }
    }
    ctx.stroke();
    const last = trail.at(-1);
    if (!last.gap) {
        drawCircle(ctx, { x: last.x, y: height - last.y }, last.r, COLORS.normal,
            { fill: COLORS.normal, width: cssPixel(ctx) });
    }
}

const BINS = 30;
const SPAN = 3.5; // the histogram's last speed, in root-mean-square speeds of the mixture
const MARGIN = { left: 30, bottom: 18, top: 6, right: 6 };

// The speed histogram and, for the same kinetic energy and masses, the expected count per bin
// of the mixture of each circle's 2D Maxwell-Boltzmann density
//   f_i(v) = (v m_i / kT) exp(-v^2 m_i / (2 kT)),   kT = the mean kinetic energy per circle.
// The histogram ends at SPAN root-mean-square speeds, so bin b's speed v_b has
// v_b^2 / (2 kT) = u_b = ((b + 1/2) / BINS)^2 SPAN^2 n / M (n circles, total mass M), whatever
// kT is: the sums S_b = sum_i m_i exp(-u_b m_i) depend on the masses alone and are computed once
// for a set of masses; each draw's curve is then (v_b dv / kT) S_b, 30 products.
export class SpeedChart {
    constructor(canvas) {
        this.canvas = canvas;
        this.key = '';
        this.sums = null;
    }

    // The sums S_b for these movable masses (cached while their count and total are the same).
    massSums(flat, n, total) {
        const key = `${n}:${total}`;
        if (key !== this.key) {
            const sums = new Float64Array(BINS);
            const scale = SPAN * SPAN * n / total;
            for (let b = 0; b < BINS; b++) {
                const u = ((b + 0.5) / BINS) ** 2 * scale;
                let sum = 0;
                for (let i = 5; i < flat.length; i += 6) {
                    const m = flat[i];
                    if (m > 0 && m < Infinity) {
                        sum += m * Math.exp(-u * m);
                    }
                }
                sums[b] = sum;
            }
            this.key = key;
            this.sums = sums;
        }
        return this.sums;
    }

    // Counts per bin and the expected curve; null without a moving circle.
    compute(flat, energy) {
        let n = 0;
        let total = 0;
        for (let i = 5; i < flat.length; i += 6) {
            if (flat[i] > 0 && flat[i] < Infinity) {
                n++;
                total += flat[i];
            }
        }
        if (n === 0 || !(energy > 0)) {
            return null;
        }
        const kT = energy / n; // 2D: the mean kinetic energy per circle is kT
        const vMax = SPAN * Math.sqrt(2 * kT * n / total);
        const counts = new Array(BINS).fill(0);
        const perBin = BINS / vMax;
        for (let i = 0; i < flat.length; i += 6) {
            if (flat[i + 5] > 0 && flat[i + 5] < Infinity) {
                const vx = flat[i + 2];
                const vy = flat[i + 3];
                // a bin's index needs no correctly rounded length: sqrt, not the slower hypot
                counts[Math.min(BINS - 1, Math.floor(Math.sqrt(vx * vx + vy * vy) * perBin))]++;
            }
        }
        const dv = vMax / BINS;
        const sums = this.massSums(flat, n, total);
        const expected = Array.from(sums, (s, b) => (b + 0.5) * dv * dv / kT * s);
        return { counts, expected, vMax };
    }

    // Draws the chart at its CSS size (width x height) and pixel ratio.
    draw(flat, energy, { width, height: h, ratio }) {
        const canvas = this.canvas;
        if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(h * ratio)) {
            canvas.width = Math.round(width * ratio);
            canvas.height = Math.round(h * ratio);
        }
        const ctx = canvas.getContext('2d');
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
        ctx.clearRect(0, 0, width, h);
        const data = this.compute(flat, energy);
        this.last = data;
        if (data) {
            drawChart(ctx, data, width, h);
        }
    }
}

// Bars, curve and axes of a computed histogram on a width x h chart.
function drawChart(ctx, { counts, expected, vMax }, width, h) {
    const plotW = width - MARGIN.left - MARGIN.right;
    const plotH = h - MARGIN.top - MARGIN.bottom;
    const top = Math.max(...counts, ...expected) * 1.1;
    const x = (b) => MARGIN.left + b * plotW / BINS;
    const y = (c) => MARGIN.top + plotH - c / top * plotH;
    ctx.fillStyle = 'rgba(79, 195, 247, 0.7)';
    counts.forEach((c, b) => {
        ctx.fillRect(x(b) + 1, y(c), plotW / BINS - 2, c / top * plotH);
    });
    ctx.beginPath();
    ctx.strokeStyle = COLORS.b;
    ctx.lineWidth = 2;
    expected.forEach((e, b) => (b === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, x(b + 0.5), y(e)));
    ctx.stroke();
    // axes: speed along the bottom, circles per bin up the side
    ctx.beginPath();
    ctx.strokeStyle = '#90a4ae';
    ctx.lineWidth = 1;
    ctx.moveTo(MARGIN.left, MARGIN.top);
    ctx.lineTo(MARGIN.left, MARGIN.top + plotH);
    ctx.lineTo(MARGIN.left + plotW, MARGIN.top + plotH);
    ctx.stroke();
    ctx.fillStyle = '#b0bec5';
    ctx.font = '10px system-ui, sans-serif';
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.fillText('0', MARGIN.left, MARGIN.top + plotH + 3);
    ctx.textAlign = 'center';
    ctx.fillText('speed', MARGIN.left + plotW / 2, MARGIN.top + plotH + 3);
    ctx.textAlign = 'right';
    ctx.fillText(fmt(vMax, 1), MARGIN.left + plotW, MARGIN.top + plotH + 3);
    ctx.fillText(String(Math.round(top / 1.1)), MARGIN.left - 3, MARGIN.top);
    ctx.textBaseline = 'bottom';
    ctx.fillText('0', MARGIN.left - 3, MARGIN.top + plotH);
    ctx.save();
    ctx.translate(9, MARGIN.top + plotH / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.fillText('circles', 0, 0);
    ctx.restore();
    ctx.textAlign = 'start';
    ctx.textBaseline = 'alphabetic';
}
