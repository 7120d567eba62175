// Page 1: two moving circles over one time interval. The library finds the time of impact,
// exchanges the impulse and moves both on; this file draws what it returns, at any time of the
// interval (the time slider) or over the whole of it.
import { Handles, keepTip, radiusTo, rimPoint } from './handles.js';
import { positionAt, timedStage } from './timeline.js';
import {
    COLORS, drawArrow, drawArrowLabel, drawCircle, drawLabel, drawLine, drawSwept, fmt,
    loadPageModule, showFatal,
} from './ui.js';

const INTERVAL = 1; // the time interval [0, 1]: a velocity is the displacement over it
const WIDTH = 880; // the drawing's own units (its pixels at full size)
const HEIGHT = 600;

// The starting scene (head-on but off-centre, so the bounce turns both).
function initialState() {
    return {
        a: { x: 180, y: 380, r: 55, vx: 470, vy: -150 },
        b: { x: 640, y: 260, r: 75, vx: -200, vy: 40 },
        massA: 1, massB: 1, eA: 1, eB: 1, locked: false,
    };
}

const $ = (id) => document.getElementById(id);
const kinetic = (m, v) => 0.5 * m * (v.x * v.x + v.y * v.y);

// The handles of both circles: centre, radius and velocity (B's velocity hidden while locked).
function addHandles(handles, stage, state) {
    for (const key of ['a', 'b']) {
        const color = COLORS[key];
        const body = () => state()[key];
        handles.add(`${key}-center`, 'center', body, (p) => {
            body().x = p.x;
            body().y = p.y;
            keepTip(stage, body());
        }, color);
        handles.add(`${key}-radius`, 'radius', () => rimPoint(stage, body()), (p) => {
            body().r = radiusTo(stage, body(), p);
        }, '#fff');
        handles.add(`${key}-velocity`, 'velocity',
            () => ({ x: body().x + body().vx, y: body().y + body().vy }), (p) => {
                body().vx = p.x - body().x;
                body().vy = p.y - body().y;
            }, color, () => key === 'a' || !state().locked);
    }
}

// One circle's part of the drawing up to time t: the area swept before the impact (or until t),
// the area swept after it, the circle at 0, its velocity, and where it ends at t = 1.
function drawTrack(ctx, track, reached) {
    const { body, now, atImpact, end, color, tint, arrow } = track;
    drawSwept(ctx, body, reached ? atImpact : now, body.r, `rgba(${tint}, 0.12)`);
    if (reached) {
        drawSwept(ctx, atImpact, now, body.r, 'rgba(129, 199, 132, 0.10)');
    }
    drawCircle(ctx, end, body.r, color, { dash: [6, 5], width: 1.5 });
    drawCircle(ctx, body, body.r, color, { width: 1.5 });
    if (arrow) {
        drawArrow(ctx, body, { x: body.x + body.vx * INTERVAL, y: body.y + body.vy * INTERVAL },
            color, { width: 1.5 });
    }
}

// The impact: both circles at its time, the line of centres, the normal, the velocities after.
function drawImpact(ctx, result, tracks) {
    const hit = result.hit;
    const rest = INTERVAL - hit.t;
    for (const track of tracks) {
        drawCircle(ctx, track.atImpact, track.body.r, track.color,
            { fill: `rgba(${track.tint}, 0.25)`, width: 2.5 });
    }
    drawLine(ctx, result.aAtImpact, result.bAtImpact, COLORS.ghost, { width: 1, dash: [3, 4] });
    const p = hit.point;
    drawArrow(ctx, p, { x: p.x + 60 * hit.normal.x, y: p.y + 60 * hit.normal.y }, COLORS.normal,
        { width: 3 });
    for (const track of tracks) {
        const at = track.atImpact;
        const k = Math.max(rest, 0.25);
        drawArrow(ctx, at, { x: at.x + track.after.x * k, y: at.y + track.after.y * k },
            COLORS.after, { width: 2.5 });
    }
    drawArrowLabel(ctx, `t = ${fmt(hit.t)}`, p, hit.normal, 60);
}

async function main() {
    const circol = await loadPageModule();
    const { stage, timeline } = timedStage(WIDTH, HEIGHT, () => draw());
    let state = initialState();
    let result = null;

    const bodies = () => ({
        a: { ...state.a, invMass: 1 / state.massA, e: state.eA },
        b: {
            ...state.b,
            vx: state.locked ? 0 : state.b.vx,
            vy: state.locked ? 0 : state.b.vy,
            invMass: state.locked ? 0 : 1 / state.massB,
            e: state.eB,
        },
    });

    const handles = new Handles(stage, () => update());
    addHandles(handles, stage, () => state);

    // Each circle's track and its position at time t, from the library's answer.
    function tracks(t) {
        const { a, b } = bodies();
        const one = (body, key, atImpact, after, end) => ({
            body, atImpact, after, end, color: COLORS[key],
            tint: key === 'a' ? '79, 195, 247' : '255, 183, 77',
            arrow: key === 'a' || !state.locked,
            now: positionAt(t, body, { x: body.vx, y: body.vy }, result.hit, atImpact, after, end),
        });
        return [one(a, 'a', result.aAtImpact, result.aVelocity, result.aEnd),
            one(b, 'b', result.bAtImpact, result.bVelocity, result.bEnd)];
    }

    function draw() {
        const ctx = stage.ctx;
        stage.clear();
        const t = timeline.value;
        const hit = result.hit;
        const reached = hit !== null && t >= hit.t;
        const all = tracks(t);
        all.forEach((track) => drawTrack(ctx, track, reached));
        for (const track of all) {
            drawCircle(ctx, track.now, track.body.r, track.color,
                { fill: `rgba(${track.tint}, 0.18)`, width: 2 });
        }
        if (reached) {
            drawImpact(ctx, result, all);
        } else if (!hit) {
            drawLabel(ctx, 'no contact in 0 ≤ t ≤ 1', { x: 12, y: 28 });
        }
        drawLabel(ctx, 'A', state.a, COLORS.a);
        drawLabel(ctx, state.locked ? 'B (locked)' : 'B', state.b, COLORS.b);
        handles.draw(ctx);
    }

    function showNumbers() {
        const { a, b } = bodies();
        const hit = result.hit;
        const pair = (v, digits) => `(${fmt(v.x, digits)}, ${fmt(v.y, digits)})`;
        $('t').textContent = hit ? fmt(hit.t, 6) : 'no hit';
        $('t-exit').textContent = hit ? fmt(hit.tExit, 6) : '-';
        $('impulse').textContent = hit ? fmt(result.impulse, 3) : '-';
        $('normal').textContent = hit ? pair(hit.normal, 3) : '-';
        $('va-after').textContent = pair(result.aVelocity, 1);
        $('vb-after').textContent = pair(result.bVelocity, 1);
        const mB = state.locked ? 0 : state.massB;
        $('ke-before').textContent = fmt(kinetic(state.massA, { x: a.vx, y: a.vy }) +
            kinetic(mB, { x: b.vx, y: b.vy }), 1);
        $('ke-after').textContent = fmt(kinetic(state.massA, result.aVelocity) +
            kinetic(mB, result.bVelocity), 1);
        $('mass-a-value').textContent = fmt(state.massA, 2);
        $('mass-b-value').textContent = state.locked ? '∞' : fmt(state.massB, 2);
        // the mass sliders are on a log scale: say the mass, not its exponent
        $('mass-a').setAttribute('aria-valuetext', fmt(state.massA, 2));
        $('mass-b').setAttribute('aria-valuetext', state.locked ? 'infinite (B locked)' : fmt(state.massB, 2));
        $('mass-b').disabled = state.locked; // a locked B has no mass to set
        $('e-a-value').textContent = fmt(state.eA, 2);
        $('e-b-value').textContent = fmt(state.eB, 2);
    }

    function update() {
        const { a, b } = bodies();
        result = circol.stepPair(a, b, INTERVAL);
        draw();
        showNumbers();
    }

    function readControls() {
        state.massA = 10 ** Number($('mass-a').value);
        state.massB = 10 ** Number($('mass-b').value);
        state.eA = Number($('e-a').value);
        state.eB = Number($('e-b').value);
        state.locked = $('locked').checked;
        update();
    }
    for (const id of ['mass-a', 'mass-b', 'e-a', 'e-b', 'locked']) {
        $(id).addEventListener('input', readControls);
    }
    $('reset').addEventListener('click', () => {
        state = initialState();
        $('mass-a').value = '0';
        $('mass-b').value = '0';
        $('e-a').value = '1';
        $('e-b').value = '1';
        $('locked').checked = false;
        timeline.pause();
        timeline.set(1);
        readControls();
    });
    const params = new URLSearchParams(location.search);
    if (params.get('locked') === '1') {
        $('locked').checked = true;
    }
    readControls();

    // For tests and tools: the scene, the library's answer, the handles' screen positions, the
    // time drawn and each circle's position at that time.
    window.demo = {
        circol,
        state: () => structuredClone(state),
        bodies,
        result: () => result,
        handles: () => handles.positions(),
        time: () => timeline.value,
        playing: () => timeline.playing,
        now: () => tracks(timeline.value).map((track) => track.now),
        client: (p) => stage.client(p),
        ready: true,
    };
    document.body.dataset.ready = 'true';
}

main().catch(showFatal);
