// Draggable points on a Stage, in the stage's units. No physics here.
//
// Each handle has a name, a kind, a getter and a setter of its position, a colour and a
// visibility test; onChange runs after every move (and when the canvas gains or loses the
// keyboard focus, to redraw). The kinds look different: a centre or a wall's point is a filled
// disc, a radius a square on the rim, a velocity a ring around the arrow's tip.
//
// A press takes the nearest handle within reach (farther with a finger than with a mouse); of
// handles about as near, the most specific kind (velocity, then radius, then centre), so that a
// velocity's tip lying on a centre can still be grabbed. Every position set is kept on the stage.
//
// With a finger, a touch that lands on a handle drags it and does not scroll the page; any other
// touch scrolls the page as usual (the canvas's touch-action leaves panning to the browser).
//
// With the focus on the canvas, the keys 1 to 9 pick the visible handles in order, the arrow keys
// move the picked one by a unit (ten with Shift) and Escape drops it.
import { COLORS, cssPixel } from './ui.js';

const SPECIFIC = Object.freeze({ center: 1, point: 1, radius: 2, velocity: 3 });
const REACH_MOUSE = 14; // CSS pixels
const REACH_TOUCH = 26;
const TIE = 3; // handles this much (CSS pixels) farther than the nearest count as as near

export class Handles {
    constructor(stage, onChange) {
        this.stage = stage;
        this.canvas = stage.canvas;
        this.onChange = onChange;
        this.list = [];
        this.active = null;
        this.picked = null; // the handle the keyboard moves
        const canvas = this.canvas;
        canvas.addEventListener('pointerdown', (event) => this.down(event));
        canvas.addEventListener('pointermove', (event) => this.move(event));
        canvas.addEventListener('pointerup', () => this.up());
        canvas.addEventListener('pointercancel', () => this.up());
        // Pointer events come first: a touch whose press took a handle keeps the page still.
        const still = (event) => {
            if (this.active) {
                event.preventDefault();
            }
        };
        canvas.addEventListener('touchstart', still, { passive: false });
        canvas.addEventListener('touchmove', still, { passive: false });
        canvas.addEventListener('keydown', (event) => this.key(event));
        canvas.addEventListener('focus', () => this.onChange());
        canvas.addEventListener('blur', () => this.onChange());
    }

    // Adds a handle of a kind: 'center', 'point', 'radius' or 'velocity'.
    add(name, kind, get, set, color, visible = () => true) {
        this.list.push({ name, kind, get, set, color, visible });
    }

    // The handles shown now.
    visible() {
        return this.list.filter((h) => h.visible());
    }

    // The handle a press at p (stage units) takes, or null.
    pick(p, reach) {
        const scale = this.stage.scale;
        const near = this.visible().map((h) => {
            const q = h.get();
            return { h, d: Math.hypot(q.x - p.x, q.y - p.y) * scale };
        }).filter((c) => c.d <= reach);
        if (near.length === 0) {
            return null;
        }
        const nearest = Math.min(...near.map((c) => c.d));
        const close = near.filter((c) => c.d <= nearest + TIE);
        close.sort((x, y) => SPECIFIC[y.h.kind] - SPECIFIC[x.h.kind] || x.d - y.d);
        return close[0].h;
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
                this.picked.set(this.stage.clamp({ x: q.x + size * dx, y: q.y + size * dy }));
            }
        } else {
            return;
        }
        event.preventDefault();
        this.onChange();
    }

    // A press: takes a handle within reach, if any.
    down(event) {
        if (event.button !== 0) {
            return;
        }
        const reach = event.pointerType === 'touch' ? REACH_TOUCH : REACH_MOUSE;
        const best = this.pick(this.stage.local(event), reach);
        if (best) {
            this.active = best;
            this.canvas.setPointerCapture?.(event.pointerId);
            event.preventDefault();
        }
    }

    // Moves the active handle; without one, shows whether a press would take one.
    move(event) {
        const p = this.stage.local(event);
        if (this.active) {
            this.active.set(this.stage.clamp(p));
            this.onChange();
            return;
        }
        this.canvas.style.cursor = this.pick(p, REACH_MOUSE) ? 'grab' : 'default';
    }

    // Releases the active handle.
    up() {
        this.active = null;
    }

    // Draws one handle's shape at q.
    // Sizes are in CSS pixels (px units each), the same at any scale of the drawing.
    static shape(ctx, h, q, px) {
        ctx.beginPath();
        if (h.kind === 'radius') {
            ctx.rect(q.x - 5 * px, q.y - 5 * px, 10 * px, 10 * px);
        } else if (h.kind === 'velocity') {
            ctx.arc(q.x, q.y, 8 * px, 0, 2 * Math.PI);
            ctx.lineWidth = 5 * px;
            ctx.strokeStyle = '#111';
            ctx.stroke();
            ctx.lineWidth = 2.5 * px;
            ctx.strokeStyle = h.color;
            ctx.stroke();
            return;
        } else {
            ctx.arc(q.x, q.y, 6 * px, 0, 2 * Math.PI);
        }
        ctx.fillStyle = h.color;
        ctx.fill();
        ctx.lineWidth = 1.5 * px;
        ctx.strokeStyle = '#111';
        ctx.stroke();
    }

    // Draws every visible handle; with the keyboard focus on the canvas, each one's number too,
    // and a ring around the picked one.
    draw(ctx) {
        const focused = document.activeElement === this.canvas;
        const px = cssPixel(ctx);
        this.visible().forEach((h, i) => {
            const q = h.get();
            Handles.shape(ctx, h, q, px);
            if (focused) {
                ctx.font = `bold ${12 * px}px system-ui, sans-serif`;
                ctx.fillStyle = COLORS.text;
                ctx.fillText(String(i + 1), q.x + 9 * px, q.y + 17 * px);
                if (h === this.picked) {
                    ctx.beginPath();
                    ctx.arc(q.x, q.y, 12 * px, 0, 2 * Math.PI);
                    ctx.lineWidth = 2 * px;
                    ctx.strokeStyle = COLORS.text;
                    ctx.stroke();
                }
            }
        });
    }

    // Page (client) positions of the visible handles, by name (for tests and tools).
    positions() {
        const result = {};
        for (const h of this.visible()) {
            result[h.name] = this.stage.client(h.get());
        }
        return result;
    }
}

// A body's velocity changed so that its tip (centre + velocity) stays on the stage.
export function keepTip(stage, body) {
    const tip = stage.clamp({ x: body.x + body.vx, y: body.y + body.vy });
    body.vx = tip.x - body.x;
    body.vy = tip.y - body.y;
}

// Where a body's radius handle sits: on its rim, above the centre, or else to the right, below or
// to the left, whichever first lies on the stage.
export function rimPoint(stage, body) {
    const ways = [[0, -1], [1, 0], [0, 1], [-1, 0]];
    for (const [dx, dy] of ways) {
        const p = { x: body.x + dx * body.r, y: body.y + dy * body.r };
        if (p.x >= 0 && p.y >= 0 && p.x <= stage.width - 1 && p.y <= stage.height - 1) {
            return p;
        }
    }
    return { x: body.x, y: body.y - body.r };
}

// A radius set from a point dragged on the stage, no larger than the room on the roomiest side
// (so that its handle stays on the stage too) and at least 2.
export function radiusTo(stage, body, p) {
    const room = Math.max(body.x, body.y, stage.width - 1 - body.x, stage.height - 1 - body.y);
    return Math.min(Math.max(2, Math.hypot(p.x - body.x, p.y - body.y)), room);
}
