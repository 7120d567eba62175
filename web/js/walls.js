// Page 2: a moving circle against a segment, an end point, an infinite line or a fixed circle
// (the series of the source documents). The library finds the contact and the rebound.
import { WALL } from './circol.js';
import { Handles, keepTip, radiusTo, rimPoint } from './handles.js';
import { positionAt, timedStage } from './timeline.js';
import {
    COLORS, drawArrow, drawArrowLabel, drawCircle, drawLabel, drawLine, drawSwept, fmt,
    loadPageModule, showFatal,
} from './ui.js';

const INTERVAL = 1;
const WIDTH = 880; // the drawing's own units (its pixels at full size)
const HEIGHT = 600;

function initialState() {
    return {
        kind: 'segment',
        circle: { x: 160, y: 150, r: 45, vx: 420, vy: 330 },
        p: { x: 300, y: 470 }, // segment start, line point, the point, the fixed circle's centre
        q: { x: 760, y: 400 }, // segment end, a second point on the line
        fixedRadius: 60,
        e: 1,
    };
}

const $ = (id) => document.getElementById(id);

async function main() {
    const circol = await loadPageModule();
    const { stage, timeline } = timedStage(WIDTH, HEIGHT, () => draw());
    let state = initialState();
    let result = null;

    // The four numbers that give the wall to the library.
    function wall() {
        const { p, q } = state;
        switch (state.kind) {
            case 'segment': return { kind: WALL.SEGMENT, numbers: [p.x, p.y, q.x, q.y] };
            case 'line': return { kind: WALL.LINE, numbers: [p.x, p.y, -(q.y - p.y), q.x - p.x] };
            case 'point': return { kind: WALL.POINT, numbers: [p.x, p.y, 0, 0] };
            default: return { kind: WALL.CIRCLE, numbers: [p.x, p.y, state.fixedRadius, 0] };
        }
    }

    const handles = new Handles(stage, () => update());
    const c = () => state.circle;
    handles.add('center', 'center', c, (p) => {
        c().x = p.x;
        c().y = p.y;
        keepTip(stage, c());
    }, COLORS.a);
    handles.add('radius', 'radius', () => rimPoint(stage, c()), (p) => {
        c().r = radiusTo(stage, c(), p);
    }, '#fff');
    handles.add('velocity', 'velocity', () => ({ x: c().x + c().vx, y: c().y + c().vy }), (p) => {
        c().vx = p.x - c().x;
        c().vy = p.y - c().y;
    }, COLORS.a);
    handles.add('wall-p', 'point', () => state.p, (p) => {
        state.p = p;
    }, COLORS.b);
    handles.add('wall-q', 'point', () => state.q, (p) => {
        state.q = p;
    }, COLORS.b, () => state.kind === 'segment' || state.kind === 'line');
    const fixed = () => ({ x: state.p.x, y: state.p.y, r: state.fixedRadius });
    handles.add('wall-radius', 'radius', () => rimPoint(stage, fixed()), (p) => {
        state.fixedRadius = radiusTo(stage, fixed(), p);
    }, '#fff', () => state.kind === 'circle');

    // A circle that overlaps the wall at t = 0 while moving away from it touches it at once but is
    // not bounced: the library keeps its velocity. The page shows no impact for it.
    const leaving = () => {
        const hit = result.hit;
        return hit !== null && hit.t === 0 &&
            c().vx * hit.normal.x + c().vy * hit.normal.y <= 0;
    };
    const LEAVING = 'overlaps the wall, moving away: no bounce';

    // A line through two points on one pixel has no direction: the library is given a zero
    // normal, and answers no hit.
    const noLine = () => state.kind === 'line' && state.p.x === state.q.x && state.p.y === state.q.y;
    const NO_LINE = 'no line: its two points coincide';

    function drawWall(ctx, width, height) {
        const { p, q } = state;
        if (noLine()) {
            drawCircle(ctx, p, 3, COLORS.wall, { fill: COLORS.wall });
            drawLabel(ctx, NO_LINE, { x: p.x, y: p.y - 12 });
        } else if (state.kind === 'segment') {
            drawLine(ctx, p, q, COLORS.wall, { width: 4 });
        } else if (state.kind === 'line') {
            const dx = q.x - p.x;
            const dy = q.y - p.y;
            const length = Math.hypot(dx, dy) || 1;
            const far = 2 * (width + height);
            drawLine(ctx, { x: p.x - far * dx / length, y: p.y - far * dy / length },
                { x: p.x + far * dx / length, y: p.y + far * dy / length }, COLORS.wall, { width: 3 });
        } else if (state.kind === 'point') {
            drawCircle(ctx, p, 3, COLORS.wall, { fill: COLORS.wall });
        } else {
            drawCircle(ctx, p, state.fixedRadius, COLORS.wall, { fill: 'rgba(224, 224, 224, 0.15)', width: 3 });
        }
    }

    // The impact: the circle at its time, the tangent, the normal, the contact and the rebound.
    function drawImpact(ctx, circle) {
        const hit = result.hit;
        const at = result.atImpact;
        drawCircle(ctx, at, circle.r, COLORS.a, { fill: 'rgba(79, 195, 247, 0.25)', width: 2.5 });
        const n = hit.normal;
        const point = hit.point;
        // the tangent at the contact, about which the velocity is reflected
        drawLine(ctx, { x: point.x - 120 * n.y, y: point.y + 120 * n.x },
            { x: point.x + 120 * n.y, y: point.y - 120 * n.x }, COLORS.ghost, { width: 1, dash: [5, 5] });
        // the normal as the table gives it: from the circle toward the wall
        drawArrow(ctx, point, { x: point.x + 60 * n.x, y: point.y + 60 * n.y }, COLORS.normal, { width: 3 });
        drawArrow(ctx, at, result.end, COLORS.after, { width: 2.5 });
        drawCircle(ctx, point, 4, COLORS.normal, { fill: COLORS.normal });
        drawArrowLabel(ctx, `t = ${fmt(hit.t)}`, point, n, 60);
    }

    function draw() {
        const ctx = stage.ctx;
        stage.clear();
        drawWall(ctx, WIDTH, HEIGHT);
        const circle = c();
        const v = { x: circle.vx, y: circle.vy };
        const end0 = { x: circle.x + circle.vx * INTERVAL, y: circle.y + circle.vy * INTERVAL };
        const hit = leaving() ? null : result.hit;
        const t = timeline.value;
        const reached = hit !== null && t >= hit.t;
        const end = hit ? result.end : end0;
        const now = positionAt(t, circle, v, hit, result.atImpact, result.velocityAfter, end);
        drawSwept(ctx, circle, reached ? result.atImpact : now, circle.r, 'rgba(79, 195, 247, 0.12)');
        if (reached) {
            drawSwept(ctx, result.atImpact, now, circle.r, 'rgba(129, 199, 132, 0.10)');
        }
        drawCircle(ctx, end, circle.r, COLORS.a, { dash: [6, 5], width: 1.5 });
        drawCircle(ctx, circle, circle.r, COLORS.a, { width: 1.5 });
        drawArrow(ctx, circle, end0, COLORS.a, { width: 1.5, dash: hit ? [4, 4] : [] });
        drawCircle(ctx, now, circle.r, COLORS.a, { fill: 'rgba(79, 195, 247, 0.18)', width: 2 });
        if (reached) {
            drawImpact(ctx, circle);
        } else if (!hit) {
            drawLabel(ctx, leaving() ? LEAVING : 'no contact in 0 ≤ t ≤ 1', { x: 12, y: 28 });
        }
        handles.draw(ctx);
    }

    // Which part of the wall the circle touches (for the table).
    function feature() {
        const hit = result.hit;
        if (noLine()) {
            return NO_LINE;
        }
        if (!hit) {
            return '-';
        }
        if (leaving()) {
            return 'overlapping (no bounce)';
        }
        if (state.kind !== 'segment') {
            return state.kind === 'line' ? 'the line' : state.kind === 'point' ? 'the point' : 'the circle';
        }
        const close = (a, b) => Math.hypot(a.x - b.x, a.y - b.y) < 1e-6 * (1 + c().r);
        if (close(hit.point, state.p)) {
            return 'end point 1';
        }
        return close(hit.point, state.q) ? 'end point 2' : 'the side';
    }

    function showNumbers() {
        const hit = leaving() ? null : result.hit;
        const speed = Math.hypot(c().vx, c().vy);
        const pair = (v, digits) => `(${fmt(v.x, digits)}, ${fmt(v.y, digits)})`;
        $('t').textContent = hit ? fmt(hit.t, 6) : leaving() ? LEAVING : 'no hit';
        $('t-exit').textContent = result.hit ? fmt(result.hit.tExit, 6) : '-';
        $('feature').textContent = feature();
        $('point').textContent = hit ? pair(hit.point, 1) : '-';
        $('normal').textContent = hit ? pair(hit.normal, 3) : '-';
        $('v-after').textContent = hit ? pair(result.velocityAfter, 1) : '-';
        $('d-before').textContent = fmt(speed * (hit ? hit.t : INTERVAL), 1);
        $('d-after').textContent = hit
            ? fmt(Math.hypot(result.velocityAfter.x, result.velocityAfter.y) * (INTERVAL - hit.t), 1)
            : '-';
        $('e-value').textContent = fmt(state.e, 2);
    }

    function update() {
        const w = wall();
        const circle = c();
        result = circol.bounce(w.kind, circle, { x: circle.vx, y: circle.vy }, w.numbers, state.e,
            INTERVAL);
        draw();
        showNumbers();
    }

    function readControls() {
        state.kind = $('kind').value;
        state.e = Number($('e').value);
        update();
    }
    $('kind').addEventListener('input', readControls);
    $('e').addEventListener('input', readControls);
    $('reset').addEventListener('click', () => {
        state = initialState();
        $('kind').value = 'segment';
        $('e').value = '1';
        timeline.pause();
        timeline.set(1);
        update();
    });
    const kind = new URLSearchParams(location.search).get('kind');
    if (kind && ['segment', 'line', 'point', 'circle'].includes(kind)) {
        $('kind').value = kind;
    }
    readControls();

    window.demo = {
        circol,
        state: () => structuredClone(state),
        result: () => result,
        handles: () => handles.positions(),
        time: () => timeline.value,
        playing: () => timeline.playing,
        now: () => {
            const circle = c();
            const hit = leaving() ? null : result.hit;
            const end0 = { x: circle.x + circle.vx, y: circle.y + circle.vy };
            return positionAt(timeline.value, circle, { x: circle.vx, y: circle.vy }, hit,
                result.atImpact, result.velocityAfter, hit ? result.end : end0);
        },
        client: (p) => stage.client(p),
        ready: true,
    };
    document.body.dataset.ready = 'true';
}

main().catch(showFatal);
