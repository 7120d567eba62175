// The world page's drawing: the circles of each snapshot, the walls, the tracked circle's path and
// the speed histogram. In a Web Worker of its own (world-paint-worker.js) it draws on the page's
// two canvases handed over as OffscreenCanvases, so that the page's thread only handles input
// and the controls; where a browser cannot hand a canvas over, the page runs it itself. Either
// way it is driven by the same messages:
//
//   {type: 'size', stage: {w, h, pixels}, chart: {width, height, ratio}}
//                                  the drawing's backing store (device pixels, and device pixels
//                                  per unit of the page's BOX x HEIGHT), the chart's CSS size
//                                  and pixel ratio; the last snapshot is drawn again
//   {type: 'scene', view, periodic, segments, points}
//                                  a new scene (its view from viewOf); no path is tracked
//   {type: 'track', tracked}       the circle whose path is drawn ({r, mass, slot} or null)
//   {type: 'frame', flat, track, energy, chart}
//                                  a snapshot's circles, the tracked circle's collisions since
//                                  the last frame, the kinetic energy; chart: the histogram too
//
// A frame is answered with {type: 'drawn', flat, drawMs, chartMs}: the snapshot drawn before
// (its buffer, kept until then to draw again after a change of size; null for the first) and
// the milliseconds spent drawing.
import { CircleLayer, SpeedChart, drawBox, drawPoints, drawSegments, drawTrail } from './world-draw.js';

const TRAIL = 4000; // the most points of the tracked circle's path kept

export class WorldPainter {
    // stage, chart: canvases (or OffscreenCanvases) with no context yet.
    constructor(stage, chart) {
        this.ctx = stage.getContext('2d');
        this.layer = new CircleLayer();
        this.chart = new SpeedChart(chart);
        this.size = null;
        this.scene = null;
        this.flat = null; // the snapshot drawn last
        this.energy = 0;
        this.tracked = null;
        this.trail = [];
    }

    // Runs a message; returns the answer, if any.
    handle(message) {
        switch (message.type) {
            case 'size':
                this.resize(message);
                return null;
            case 'scene':
                this.scene = message;
                this.setTracked(null);
                return null;
            case 'track':
                this.setTracked(message.tracked);
                return null;
            case 'frame':
                return this.frame(message);
            default:
                throw new Error(`circol: no drawing message ${message.type}`);
        }
    }

    resize({ stage, chart }) {
        this.size = stage;
        this.chartSize = chart;
        const canvas = this.ctx.canvas;
        if (canvas.width !== stage.w || canvas.height !== stage.h) {
            canvas.width = stage.w;
            canvas.height = stage.h;
        }
        if (this.flat && this.scene) {
            this.draw(this.flat);
            this.chart.draw(this.flat, this.energy, chart);
        }
    }

    setTracked(tracked) {
        this.tracked = tracked;
        this.trail = [];
    }

    frame({ flat, track, energy, chart }) {
        let start = performance.now();
        for (const q of track) {
            // a gap (collisions not kept): no line across it
            this.trail.push(q.gap ? { gap: true } : { x: q.x, y: q.y, r: this.tracked?.r ?? 1 });
        }
        const old = this.flat;
        this.flat = flat;
        this.energy = energy;
        if (this.scene && this.size) {
            this.draw(flat);
        }
        const drawMs = performance.now() - start;
        start = performance.now();
        if (chart && this.chartSize) {
            this.chart.draw(flat, energy, this.chartSize);
        }
        return { type: 'drawn', flat: old, drawMs, chartMs: performance.now() - start };
    }

    // The circles (exported as 6 numbers each), the walls and the tracked circle's path.
    draw(flat) {
        const { ctx } = this;
        const { pixels } = this.size;
        const { view: { k, ux, uy, top, box }, periodic, segments, points } = this.scene;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
        // world units to device pixels
        const device = { scale: pixels * k, ox: pixels * ux, oy: pixels * uy, top };
        ctx.setTransform(device.scale, 0, 0, device.scale, device.ox, device.oy);
        this.layer.draw(ctx, flat, device);
        if (k !== 1 || periodic) {
            drawBox(ctx, box, top, periodic);
        }
        drawSegments(ctx, segments, top);
        drawPoints(ctx, points, top);
        if (this.tracked) {
            const slot = this.trackedSlot(flat);
            if (slot !== null) {
                this.trail.push({ x: flat[slot], y: flat[slot + 1], r: this.tracked.r });
            }
            if (this.trail.length > TRAIL) {
                this.trail.splice(0, this.trail.length - TRAIL);
            }
        }
        drawTrail(ctx, this.trail, top);
    }

    // The tracked circle's place in the export (none once it is no longer there).
    trackedSlot(flat) {
        const t = this.tracked;
        if (t.slot !== null && t.slot < flat.length && flat[t.slot + 4] === t.r && flat[t.slot + 5] === t.mass) {
            return t.slot;
        }
        t.slot = null;
        return null;
    }
}

// Starts the drawing of the page's stage and chart canvases; onDrawn(answer) gets each frame's
// answer. Returns {post(message, transfer), offscreen (whether a worker draws)}.
export function startPainter(stage, chart, onDrawn) {
    if (typeof stage.transferControlToOffscreen === 'function' && typeof OffscreenCanvas === 'function') {
        const worker = new Worker(new URL('./world-paint-worker.js', import.meta.url), { type: 'module' });
        const canvases = [stage.transferControlToOffscreen(), chart.transferControlToOffscreen()];
        worker.addEventListener('message', ({ data }) => onDrawn(data));
        worker.addEventListener('error', (event) => {
            console.error(`circol: ${event.message ?? 'the drawing worker failed'}`);
        });
        worker.postMessage({ type: 'init', canvases, ratio: window.devicePixelRatio || 1 }, canvases);
        return { post: (message, transfer = []) => worker.postMessage(message, transfer), offscreen: true };
    }
    const painter = new WorldPainter(stage, chart);
    return {
        post: (message) => {
            const answer = painter.handle(message);
            if (answer) {
                queueMicrotask(() => onDrawn(answer));
            }
        },
        offscreen: false,
    };
}
