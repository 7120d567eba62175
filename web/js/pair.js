// Page 1: two moving circles over one time interval. The library finds the time of impact,
// exchanges the impulse and moves both on; this file draws what it returns.
import {
    COLORS, Handles, drawArrow, drawCircle, drawLabel, drawLine, drawSwept, fmt, loadPageModule,
    setupCanvas, showFatal,
} from './ui.js';

const INTERVAL = 1; // the time interval [0, 1]: a velocity is the displacement over it

// The starting scene (head-on but off-centre, so the bounce turns both).
function initialState() {
    return {
        a: { x: 180, y: 380, r: 55, vx: 470, vy: -150 },
        b: { x: 640, y: 260, r: 75, vx: -200, vy: 40 },
        massA: 1, massB: 1, eA: 1, eB: 1, locked: false,
    };
}

const $ = (id) => document.getElementById(id);

async function main() {
    const circol = await loadPageModule();
    const canvas = $('stage');
    let view = setupCanvas(canvas);
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

    const handles = new Handles(canvas, () => update());
    for (const key of ['a', 'b']) {
        const color = COLORS[key];
        const movable = () => key === 'a' || !state.locked;
        handles.add(`${key}-center`, () => state[key], (p) => {
            state[key].x = p.x;
            state[key].y = p.y;
        }, color);
        handles.add(`${key}-radius`, () => ({ x: state[key].x, y: state[key].y - state[key].r }),
            (p) => {
                state[key].r = Math.max(2, Math.hypot(p.x - state[key].x, p.y - state[key].y));
            }, '#fff');
        handles.add(`${key}-velocity`,
            () => ({ x: state[key].x + state[key].vx, y: state[key].y + state[key].vy }), (p) => {
                state[key].vx = p.x - state[key].x;
                state[key].vy = p.y - state[key].y;
            }, '#fff', movable);
    }

    const kinetic = (m, v) => 0.5 * m * (v.x * v.x + v.y * v.y);

    function draw() {
        const { ctx, width, height } = view;
        ctx.clearRect(0, 0, width, height);
        const { a, b } = bodies();
        const aEnd0 = { x: a.x + a.vx * INTERVAL, y: a.y + a.vy * INTERVAL };
        const bEnd0 = { x: b.x + b.vx * INTERVAL, y: b.y + b.vy * INTERVAL };
        const hit = result.hit;
        // the swept areas: up to the impact, or over the whole interval without one
        drawSwept(ctx, a, hit ? result.aAtImpact : aEnd0, a.r, 'rgba(79, 195, 247, 0.12)');
        drawSwept(ctx, b, hit ? result.bAtImpact : bEnd0, b.r, 'rgba(255, 183, 77, 0.12)');
        drawCircle(ctx, a, a.r, COLORS.a, { width: 1.5 });
        drawCircle(ctx, b, b.r, COLORS.b, { width: 1.5 });
        drawArrow(ctx, a, aEnd0, COLORS.a, { width: 1.5 });
        if (!state.locked) {
            drawArrow(ctx, b, bEnd0, COLORS.b, { width: 1.5 });
        }
        if (hit) {
            const rest = INTERVAL - hit.t;
            // the rest of the interval with the new velocities
            drawSwept(ctx, result.aAtImpact, result.aEnd, a.r, 'rgba(129, 199, 132, 0.10)');
            drawSwept(ctx, result.bAtImpact, result.bEnd, b.r, 'rgba(129, 199, 132, 0.10)');
            drawCircle(ctx, result.aEnd, a.r, COLORS.a, { dash: [6, 5], width: 1.5 });
            drawCircle(ctx, result.bEnd, b.r, COLORS.b, { dash: [6, 5], width: 1.5 });
            drawCircle(ctx, result.aAtImpact, a.r, COLORS.a, { fill: 'rgba(79, 195, 247, 0.25)', width: 2.5 });
            drawCircle(ctx, result.bAtImpact, b.r, COLORS.b, { fill: 'rgba(255, 183, 77, 0.25)', width: 2.5 });
            drawLine(ctx, result.aAtImpact, result.bAtImpact, COLORS.ghost, { width: 1, dash: [3, 4] });
            const p = hit.point;
            drawArrow(ctx, p, { x: p.x + 60 * hit.normal.x, y: p.y + 60 * hit.normal.y },
                COLORS.normal, { width: 3 });
            drawArrow(ctx, result.aAtImpact, {
                x: result.aAtImpact.x + result.aVelocity.x * Math.max(rest, 0.25),
                y: result.aAtImpact.y + result.aVelocity.y * Math.max(rest, 0.25),
            }, COLORS.after, { width: 2.5 });
            drawArrow(ctx, result.bAtImpact, {
                x: result.bAtImpact.x + result.bVelocity.x * Math.max(rest, 0.25),
                y: result.bAtImpact.y + result.bVelocity.y * Math.max(rest, 0.25),
            }, COLORS.after, { width: 2.5 });
            drawLabel(ctx, `t = ${fmt(hit.t)}`, p);
        } else {
            drawCircle(ctx, aEnd0, a.r, COLORS.a, { dash: [6, 5], width: 1.5 });
            drawCircle(ctx, bEnd0, b.r, COLORS.b, { dash: [6, 5], width: 1.5 });
            drawLabel(ctx, 'no contact in 0 ≤ t ≤ 1', { x: 12, y: 28 });
        }
        drawLabel(ctx, 'A', a, COLORS.a);
        drawLabel(ctx, state.locked ? 'B (locked)' : 'B', b, COLORS.b);
        handles.draw(ctx);
    }

    function showNumbers() {
        const { a, b } = bodies();
        const hit = result.hit;
        $('t').textContent = hit ? fmt(hit.t, 6) : 'no hit';
        $('t-exit').textContent = hit ? fmt(hit.tExit, 6) : '-';
        $('impulse').textContent = hit ? fmt(result.impulse, 3) : '-';
        $('normal').textContent = hit ? `(${fmt(hit.normal.x, 3)}, ${fmt(hit.normal.y, 3)})` : '-';
        $('va-after').textContent = `(${fmt(result.aVelocity.x, 1)}, ${fmt(result.aVelocity.y, 1)})`;
        $('vb-after').textContent = `(${fmt(result.bVelocity.x, 1)}, ${fmt(result.bVelocity.y, 1)})`;
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
        update();
    });
    window.addEventListener('resize', () => {
        view = setupCanvas(canvas);
        draw();
    });
    const params = new URLSearchParams(location.search);
    if (params.get('locked') === '1') {
        $('locked').checked = true;
    }
    readControls();

    // For tests and tools: the scene, the library's answer and the handles' screen positions.
    window.demo = {
        circol,
        state: () => structuredClone(state),
        bodies,
        result: () => result,
        handles: () => handles.positions(),
        ready: true,
    };
    document.body.dataset.ready = 'true';
}

main().catch(showFatal);
