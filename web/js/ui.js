// Drawing and dragging helpers shared by the pages. No physics here.
import { loadCircol } from './circol.js';

// Loads the module that sits next to the pages.
export function loadPageModule() {
    return loadCircol(new URL('../circol.wasm', import.meta.url));
}

// A canvas drawn in its own fixed units (width x height: the scene's pixels on the pair and walls
// pages), shown at whatever CSS size the layout gives it and at the device's pixel ratio. The
// layout keeps the aspect ratio (style.css), so one scale maps both axes. redraw runs after every
// change of size. With draws false the stage takes no context and leaves the canvas's size alone:
// its size (w x h device pixels) is for whoever draws on it (the world page's drawing worker).
export class Stage {
    constructor(canvas, width, height, redraw = () => {}, { draws = true } = {}) {
        this.canvas = canvas;
        this.width = width;
        this.height = height;
        this.redraw = redraw;
        this.ctx = draws ? canvas.getContext('2d') : null;
        this.resize();
        if (typeof ResizeObserver === 'function') {
            new ResizeObserver(() => {
                if (this.resize()) {
                    this.redraw();
                }
            }).observe(canvas);
        }
    }

    // Matches the backing store to the CSS size times the pixel ratio; true when it changed.
    resize() {
        const ratio = window.devicePixelRatio || 1;
        const css = this.canvas.clientWidth || this.width;
        this.scale = css / this.width;
        const w = Math.max(1, Math.round(css * ratio));
        const h = Math.max(1, Math.round(css * ratio * this.height / this.width));
        const changed = w !== this.w || h !== this.h;
        this.w = w;
        this.h = h;
        this.pixels = w / this.width; // device pixels per unit
        if (this.ctx) {
            if (w !== this.canvas.width || h !== this.canvas.height) {
                this.canvas.width = w;
                this.canvas.height = h;
            }
            this.ctx.setTransform(this.pixels, 0, 0, this.pixels, 0, 0);
        }
        return changed;
    }

    // A pointer event's position in the stage's units.
    local(event) {
        const rect = this.canvas.getBoundingClientRect();
        return { x: (event.clientX - rect.left) / this.scale, y: (event.clientY - rect.top) / this.scale };
    }

    // A point in the stage's units, in page (client) coordinates.
    client(p) {
        const rect = this.canvas.getBoundingClientRect();
        return { x: rect.left + p.x * this.scale, y: rect.top + p.y * this.scale };
    }

    // A point kept on the stage's pixels, rounded to a whole unit.
    clamp(p) {
        return {
            x: Math.min(Math.max(Math.round(p.x), 0), this.width - 1),
            y: Math.min(Math.max(Math.round(p.y), 0), this.height - 1),
        };
    }

    // Clears the whole drawing.
    clear() {
        this.ctx.clearRect(0, 0, this.width, this.height);
    }
}

// Sizes a canvas with no units of its own (a chart) for the device's pixel ratio; returns its 2D
// context in CSS pixels.
export function setupCanvas(canvas) {
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    return { ctx, width, height };
}

// A number for display: up to 4 decimals, or exponent form when very small or large.
export function fmt(x, digits = 4) {
    if (!Number.isFinite(x)) {
        return x === Infinity ? '∞' : String(x);
    }
    const a = Math.abs(x);
    if (a !== 0 && (a < 1e-3 || a >= 1e6)) {
        return x.toExponential(3);
    }
    return x.toFixed(digits);
}

// Colours used on every page.
export const COLORS = Object.freeze({
    a: '#4fc3f7',
    b: '#ffb74d',
    wall: '#e0e0e0',
    normal: '#ef5350',
    after: '#81c784',
    path: 'rgba(255, 255, 255, 0.10)',
    ghost: 'rgba(255, 255, 255, 0.35)',
    text: '#eceff1',
});

// Strokes (and optionally fills) a circle.
export function drawCircle(ctx, center, radius, stroke, { fill = null, dash = [], width = 2 } = {}) {
    ctx.beginPath();
    ctx.arc(center.x, center.y, Math.max(radius, 0), 0, 2 * Math.PI);
    if (fill) {
        ctx.fillStyle = fill;
        ctx.fill();
    }
    ctx.setLineDash(dash);
    ctx.lineWidth = width;
    ctx.strokeStyle = stroke;
    ctx.stroke();
    ctx.setLineDash([]);
}

// The area a circle of radius r sweeps from p0 to p1 (a capsule).
export function drawSwept(ctx, p0, p1, radius, fill) {
    ctx.beginPath();
    ctx.lineCap = 'round';
    ctx.lineWidth = 2 * Math.max(radius, 0.5);
    ctx.strokeStyle = fill;
    ctx.moveTo(p0.x, p0.y);
    ctx.lineTo(p1.x + 1e-6, p1.y);
    ctx.stroke();
    ctx.lineCap = 'butt';
}

// A line segment.
export function drawLine(ctx, p0, p1, stroke, { width = 2, dash = [] } = {}) {
    ctx.beginPath();
    ctx.setLineDash(dash);
    ctx.lineWidth = width;
    ctx.strokeStyle = stroke;
    ctx.moveTo(p0.x, p0.y);
    ctx.lineTo(p1.x, p1.y);
    ctx.stroke();
    ctx.setLineDash([]);
}

// An arrow from p0 to p1.
export function drawArrow(ctx, p0, p1, stroke, { width = 2, dash = [] } = {}) {
    drawLine(ctx, p0, p1, stroke, { width, dash });
    const dx = p1.x - p0.x;
    const dy = p1.y - p0.y;
    const length = Math.hypot(dx, dy);
    if (length < 1e-9) {
        return;
    }
    const ux = dx / length;
    const uy = dy / length;
    const head = Math.min(10, length / 2);
    ctx.beginPath();
    ctx.fillStyle = stroke;
    ctx.moveTo(p1.x, p1.y);
    ctx.lineTo(p1.x - head * ux + 0.5 * head * uy, p1.y - head * uy - 0.5 * head * ux);
    ctx.lineTo(p1.x - head * ux - 0.5 * head * uy, p1.y - head * uy + 0.5 * head * ux);
    ctx.closePath();
    ctx.fill();
}

// How many of the context's units make one CSS pixel (more than 1 on a drawing shown smaller
// than its own size): text and handles keep their CSS size at any scale.
export function cssPixel(ctx) {
    // globalThis: the world page's drawing worker sets the page's ratio there
    return (globalThis.devicePixelRatio || 1) / ctx.getTransform().a;
}

// A small label.
export function drawLabel(ctx, text, at, color = COLORS.text) {
    const px = cssPixel(ctx);
    ctx.font = `${12 * px}px system-ui, sans-serif`;
    ctx.fillStyle = color;
    ctx.fillText(text, at.x + 6 * px, at.y - 6 * px);
}

// A label just beyond an arrow's head (from p toward p + length n, n a unit vector), on the side
// the arrow points to, so that it never covers the arrow.
export function drawArrowLabel(ctx, text, p, n, length, color = COLORS.text) {
    ctx.font = `${12 * cssPixel(ctx)}px system-ui, sans-serif`;
    ctx.fillStyle = color;
    ctx.textAlign = n.x >= 0 ? 'left' : 'right';
    ctx.textBaseline = n.y >= 0 ? 'top' : 'bottom';
    ctx.fillText(text, p.x + (length + 6) * n.x, p.y + (length + 6) * n.y);
    ctx.textAlign = 'start';
    ctx.textBaseline = 'alphabetic';
}

// Shows an error on the page (and in the console) when the module cannot load.
export function showFatal(error) {
    console.error(error);
    const box = document.createElement('p');
    box.className = 'fatal';
    box.textContent = `The demo could not start: ${error.message}. Build it with "make -C web build".`;
    document.body.prepend(box);
}
