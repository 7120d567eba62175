// The WebAssembly build against the native library: the same inputs give the same bits.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { WALL } from '../js/circol.js';
import { fromHex, loadModule, runNative, sameBits, toHex } from './native.mjs';

const CASES = 1500;
let circol;
let lines;

before(async () => {
    circol = await loadModule();
    lines = runNative('narrow', String(CASES));
});

// For each reference function: the export, and where each native output is in the out block
// (the export's return value is compared too).
const WRAPPERS = {
    sweep_circles: { fn: 'ccl_web_sweep_circles', slots: [0, 1, 2, 3, 4, 5] },
    sweep_circle_point: { fn: 'ccl_web_sweep_circle_point', slots: [0, 1, 2, 3, 4, 5] },
    sweep_circle_segment: { fn: 'ccl_web_sweep_circle_segment', slots: [0, 1, 2, 3, 4, 5] },
    sweep_circle_line: { fn: 'ccl_web_sweep_circle_line', slots: [0, 1, 2, 3, 4, 5] },
    sweep_circles_accel: { fn: 'ccl_web_sweep_circles_accel', slots: [0, 1, 2, 3, 4, 5] },
    circles_contact: { fn: 'ccl_web_circles_contact', slots: [0, 1, 2, 3, 4] },
    circle_segment_contact: { fn: 'ccl_web_circle_segment_contact', slots: [0, 1, 2, 3, 4] },
    reflect: { fn: 'ccl_web_reflect', slots: [0, 1], always: true },
    impulse: { fn: 'ccl_web_impulse', returns: true },
    step_pair: {
        fn: 'ccl_web_step_pair',
        slots: [0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 15, 16, 17, 18],
        hitSlots: 6,
    },
    bounce: { fn: 'ccl_web_bounce', slots: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], hitSlots: 10 },
};

// Parses "name in... : ret out...".
function parse(line) {
    const [left, right] = line.split(' : ');
    const [name, ...inputs] = left.split(' ');
    const [ret, ...outputs] = right.split(' ');
    return { name, inputs: inputs.map(fromHex), ret: Number(ret), outputs: outputs.map(fromHex) };
}

test('the native reference covers every wrapped function', () => {
    const names = new Set(lines.map((line) => line.split(' ')[0]));
    assert.deepEqual([...names].sort(), Object.keys(WRAPPERS).sort());
    assert.equal(lines.length, CASES * Object.keys(WRAPPERS).length);
});

// Compares every reference case with the module; returns {bitMismatches, farMismatches, hits}.
// A far mismatch is a different hit/miss answer, or an output whose relative difference
// exceeds 1e-9 (relative to the case's largest input for positions).
function compareAll() {
    const bitMismatches = [];
    const farMismatches = [];
    const hits = {};
    for (const line of lines) {
        const c = parse(line);
        const w = WRAPPERS[c.name];
        const value = circol.raw[w.fn](...c.inputs);
        const out = circol.out();
        let got;
        if (w.returns) {
            got = { ret: 1, outputs: [value] };
        } else {
            const ret = w.always ? 1 : value;
            let outputs = ret ? w.slots.map((slot) => out[slot]) : [];
            if (w.hitSlots !== undefined) {
                /* step_pair, bounce: the hit part only counts on a hit; the rest is always written */
                outputs = w.slots.map((slot, i) => (i < w.hitSlots && !ret ? 0 : out[slot]));
            }
            got = { ret, outputs };
        }
        hits[c.name] = (hits[c.name] ?? 0) + (got.ret ? 1 : 0);
        const describe = () => `${c.name}(${c.inputs.map(toHex).join(' ')}): native ${c.ret} ` +
            `${c.outputs.map(toHex).join(' ')}, wasm ${got.ret} ${got.outputs.map(toHex).join(' ')}`;
        if (got.ret !== c.ret || got.outputs.length !== c.outputs.length) {
            farMismatches.push(describe());
            continue;
        }
        const scale = Math.max(1e-300, ...c.inputs.filter(Number.isFinite).map(Math.abs));
        const bitSame = got.outputs.every((x, i) => sameBits(x, c.outputs[i]));
        const near = got.outputs.every((x, i) => {
            const y = c.outputs[i];
            if (sameBits(x, y)) {
                return true;
            }
            return Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(y), scale);
        });
        if (!bitSame) {
            bitMismatches.push(describe());
        }
        if (!near) {
            farMismatches.push(describe());
        }
    }
    return { bitMismatches, farMismatches, hits };
}

test('the module decides hit or miss exactly as the native library, with the same numbers to 1e-9', () => {
    const { farMismatches, hits } = compareAll();
    assert.deepEqual(farMismatches.slice(0, 5), []);
    /* the random cases must exercise hits as well as misses */
    for (const name of ['sweep_circles', 'sweep_circle_segment', 'sweep_circles_accel', 'step_pair',
        'bounce']) {
        assert.ok(hits[name] > CASES / 20, `${name}: only ${hits[name]} hits of ${CASES}`);
        assert.ok(hits[name] < CASES, `${name}: no misses`);
    }
});

// Bit-for-bit equality is what the design promises: the library uses no libm function whose
// rounding differs between C libraries (it computes lengths, exp, expm1 and log1p itself).
test('every narrow-phase and response result equals the native one bit for bit', () => {
    const { bitMismatches } = compareAll();
    assert.deepEqual(bitMismatches.slice(0, 3), []);
});

test('a head-on pair meets when the gap closes: t = (distance - radii) / speed', () => {
    // gap 8 closed at relative speed 2: t = 4 exactly; the circles separate at t = 6
    const hit = circol.sweepCircles({ x: 0, y: 0, r: 1 }, { x: 2, y: 0 },
        { x: 10, y: 0, r: 1 }, { x: 0, y: 0 }, 10);
    assert.equal(hit.t, 4);
    assert.equal(hit.tExit, 6);
    assert.deepEqual(hit.normal, { x: 1, y: 0 });
    assert.deepEqual(hit.point, { x: 9, y: 0 });
    assert.equal(circol.sweepCircles({ x: 0, y: 0, r: 1 }, { x: 2, y: 0 },
        { x: 10, y: 0, r: 1 }, { x: 0, y: 0 }, 3.5), null);
});

test('an elastic head-on step between equal masses swaps the velocities', () => {
    const a = { x: 0, y: 0, vx: 2, vy: 0, r: 1, invMass: 1, e: 1 };
    const b = { x: 10, y: 0, vx: -2, vy: 0, r: 1, invMass: 1, e: 1 };
    const step = circol.stepPair(a, b, 4);
    assert.equal(step.hit.t, 2);
    assert.deepEqual(step.aVelocity, { x: -2, y: 0 });
    assert.deepEqual(step.bVelocity, { x: 2, y: 0 });
    assert.equal(step.impulse, 4); // (1 + e) * 4 / 2
    assert.deepEqual(step.aEnd, { x: 0, y: 0 });
    assert.deepEqual(step.bEnd, { x: 10, y: 0 });
});

test('bouncing off a horizontal segment keeps the tangential velocity and reverses the normal one', () => {
    const r = circol.bounce(WALL.SEGMENT, { x: 0, y: 5, r: 1 }, { x: 3, y: -8 }, [-10, 0, 10, 0],
        1, 1);
    assert.equal(r.hit.t, 0.5); // the circle touches when y = 1
    assert.deepEqual(r.atImpact, { x: 1.5, y: 1 });
    assert.deepEqual(r.velocityAfter, { x: 3, y: 8 });
    assert.deepEqual(r.end, { x: 3, y: 5 });
    // the same motion against the line y = 0 and against a point beyond the segment's end
    assert.equal(circol.bounce(WALL.LINE, { x: 0, y: 5, r: 1 }, { x: 3, y: -8 }, [0, 0, 0, 1], 1,
        1).hit.t, 0.5);
    assert.equal(circol.bounce(WALL.POINT, { x: 0, y: 5, r: 1 }, { x: 0, y: -8 }, [0, 0, 0, 0], 1,
        1).hit.t, 0.5);
});

// The hit normal points from the moving circle toward the wall: v . normal > 0 is approaching.
// A circle that overlaps the wall at t = 0 is a hit at t = 0 whichever way it moves; only one
// moving toward the wall may bounce (ccl_reflect alone would turn a receding one into the wall).
test('a circle overlapping a wall but moving away keeps its velocity; one moving in bounces', () => {
    const cases = [
        // [kind, circle, wall]: each circle overlaps its wall, with the wall below it
        [WALL.SEGMENT, { x: 0, y: 0.5, r: 1 }, [-10, 0, 10, 0]],
        [WALL.LINE, { x: 0, y: 0.5, r: 1 }, [0, 0, 0, 1]],
        [WALL.LINE, { x: 0, y: 0.5, r: 1 }, [0, 0, 0, -1]], // the line is two-sided
        [WALL.POINT, { x: 0, y: 0.5, r: 1 }, [0, 0, 0, 0]],
        [WALL.CIRCLE, { x: 0, y: 1.5, r: 1 }, [0, 0, 1, 0]],
    ];
    for (const [kind, circle, wall] of cases) {
        const away = circol.bounce(kind, circle, { x: 0, y: 8 }, wall, 1, 1);
        assert.equal(away.hit?.t, 0, `kind ${kind}: a hit at t = 0`);
        assert.ok(away.hit.normal.x === 0 && away.hit.normal.y === -1, `kind ${kind}: normal down`);
        assert.deepEqual(away.velocityAfter, { x: 0, y: 8 }, `kind ${kind}: moving away`);
        assert.deepEqual(away.end, { x: 0, y: circle.y + 8 }, `kind ${kind}`);
        // moving along the wall: no normal part to reverse
        assert.deepEqual(circol.bounce(kind, circle, { x: 5, y: 0 }, wall, 0.5, 1).velocityAfter,
            { x: 5, y: 0 }, `kind ${kind}: moving along`);
        // moving in: the normal part is reversed (and scaled by the restitution)
        assert.deepEqual(circol.bounce(kind, circle, { x: 3, y: -8 }, wall, 1, 1).velocityAfter,
            { x: 3, y: 8 }, `kind ${kind}: moving in`);
        assert.deepEqual(circol.bounce(kind, circle, { x: 3, y: -8 }, wall, 0.5, 1).velocityAfter,
            { x: 3, y: 4 }, `kind ${kind}: moving in, e = 0.5`);
    }
});

test('status strings come from the library', () => {
    assert.equal(circol.statusString(0), 'ok');
    assert.notEqual(circol.statusString(1), circol.statusString(2));
});
