// Drawing and dragging helpers shared by the pages. No physics here.
import { loadCircol } from './circol.js';

// Loads the module that sits next to the pages.
export function loadPageModule() {
    return loadCircol(new URL('../circol.wasm', import.meta.url));
}

// Sizes a canvas for the device's pixel ratio; returns its 2D context in CSS pixels.
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

// A small label.
export function drawLabel(ctx, text, at, color = COLORS.text) {
    ctx.font = '12px system-ui, sans-serif';
    ctx.fillStyle = color;
    ctx.fillText(text, at.x + 6, at.y - 6);
}

// Draggable points on a canvas. Each handle has a name, a getter and a setter of its position,
// a colour and a visibility test; onChange runs after every move (and when the canvas gains or
// loses the keyboard focus, to redraw). With the focus on the canvas, the keys 1 to 9 pick the
// visible handles in order, the arrow keys move the picked one by a pixel (ten with Shift) and
// Escape drops it.
export class Handles {
    constructor(canvas, onChange) {
        this.canvas = canvas;
        this.onChange = onChange;
        this.list = [];
        this.active = null;
        this.picked = null; // the handle the keyboard moves
        canvas.addEventListener('pointerdown', (event) => this.down(event));
        canvas.addEventListener('pointermove', (event) => this.move(event));
        canvas.addEventListener('pointerup', (event) => this.up(event));
        canvas.addEventListener('pointercancel', (event) => this.up(event));
        canvas.addEventListener('keydown', (event) => this.key(event));
        canvas.addEventListener('focus', () => this.onChange());
        canvas.addEventListener('blur', () => this.onChange());
    }

    // The handles shown now.
    visible() {
        return this.list.filter((h) => h.visible());
    }

    // Keyboard: picks a handle by its number, moves it with the arrow keys.
    key(event) {
        if (event.altKey || event.ctrlKey || event.metaKey) {
            return;
        }
        const shown = this.visible();
        const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
        if (/^[1-9]$/.test(event.key) && Number(event.key) <= shown.length) {
            this.picked = shown[Number(event.key) - 1];
        } else if (event.key === 'Escape') {
            this.picked = null;
        } else if (steps[event.key]) {
            if (!this.picked || !this.picked.visible()) {
                this.picked = shown[0] ?? null;
            }
            if (this.picked) {
                const size = event.shiftKey ? 10 : 1;
                const q = this.picked.get();
                const [dx, dy] = steps[event.key];
                this.picked.set(this.clamp({ x: q.x + size * dx, y: q.y + size * dy }));
            }
        } else {
            return;
        }
        event.preventDefault();
        this.onChange();
    }

    // Adds a handle.
    add(name, get, set, color, visible = () => true) {
        this.list.push({ name, get, set, color, visible });
    }

    // The pointer's position in canvas CSS pixels.
    local(event) {
        const rect = this.canvas.getBoundingClientRect();
        return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    }

    // Picks the nearest visible handle within reach; of handles at the same distance, the last
    // added (a velocity's tip is added after its centre: a zero velocity can still be grabbed).
    down(event) {
        const p = this.local(event);
        let best = null;
        let bestDistance = 14;
        for (const h of this.list) {
            if (!h.visible()) {
                continue;
            }
            const q = h.get();
            const d = Math.hypot(q.x - p.x, q.y - p.y);
            if (d <= bestDistance) {
                best = h;
                bestDistance = d;
            }
        }
        if (best) {
            this.active = best;
            this.canvas.setPointerCapture?.(event.pointerId);
            event.preventDefault();
        }
    }

    // A point kept on the canvas's pixels, so that no handle can be dragged out of sight and
    // reach.
    clamp(p) {
        return {
            x: Math.min(Math.max(Math.round(p.x), 0), this.canvas.clientWidth - 1),
            y: Math.min(Math.max(Math.round(p.y), 0), this.canvas.clientHeight - 1),
        };
    }

    // Moves the active handle.
    move(event) {
        const p = this.local(event);
        if (this.active) {
            this.active.set(this.clamp(p));
            this.onChange();
            return;
        }
        const near = this.list.some((h) => h.visible() &&
            Math.hypot(h.get().x - p.x, h.get().y - p.y) < 14);
        this.canvas.style.cursor = near ? 'grab' : 'default';
    }

    // Releases the active handle.
    up() {
        this.active = null;
    }

    // Draws every visible handle; with the keyboard focus on the canvas, each one's number too,
    // and a ring around the picked one.
    draw(ctx) {
        const focused = document.activeElement === this.canvas;
        this.visible().forEach((h, i) => {
            const q = h.get();
            ctx.beginPath();
            ctx.arc(q.x, q.y, 6, 0, 2 * Math.PI);
            ctx.fillStyle = h.color;
            ctx.fill();
            ctx.lineWidth = 1.5;
            ctx.strokeStyle = '#111';
            ctx.stroke();
            if (focused) {
                ctx.font = 'bold 12px system-ui, sans-serif';
                ctx.fillStyle = COLORS.text;
                ctx.fillText(String(i + 1), q.x + 8, q.y + 16);
                if (h === this.picked) {
                    ctx.beginPath();
                    ctx.arc(q.x, q.y, 10, 0, 2 * Math.PI);
                    ctx.lineWidth = 2;
                    ctx.strokeStyle = COLORS.text;
                    ctx.stroke();
                }
            }
        });
    }

    // Screen positions of the visible handles, by name (for tests and tools).
    positions() {
        const rect = this.canvas.getBoundingClientRect();
        const result = {};
        for (const h of this.list) {
            if (h.visible()) {
                const q = h.get();
                result[h.name] = { x: rect.left + q.x, y: rect.top + q.y };
            }
        }
        return result;
    }
}

// Shows an error on the page (and in the console) when the module cannot load.
export function showFatal(error) {
    console.error(error);
    const box = document.createElement('p');
    box.className = 'fatal';
    box.textContent = `The demo could not start: ${error.message}. Build it with "make -C web build".`;
    document.body.prepend(box);
}
