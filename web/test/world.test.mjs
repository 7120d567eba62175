// Determinism: world scenes run natively and in WebAssembly reach the same final state hash.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { EVENT_LIMIT } from '../js/circol.js';
import { FNV_OFFSET, fnvDoubles, fromHex, loadModule, runNative } from './native.mjs';

let circol;
let lines;

before(async () => {
    circol = await loadModule();
    lines = runNative('world');
});

// Splits the native output into scenes: {name, steps, head, circles, result}.
function scenes() {
    const list = [];
    for (const line of lines) {
        const words = line.split(' ');
        if (words[0] === 'scene') {
            list.push({ name: words[1], steps: Number(words[2]), head: words.slice(3).map(fromHex), circles: [] });
        } else if (words[0] === 'circle') {
            const colon = words.indexOf(':');
            list.at(-1).circles.push({ values: words.slice(1, colon).map(fromHex), status: Number(words[colon + 1]) });
        } else if (words[0] === 'result') {
            list.at(-1).result = { status: Number(words[1]), hash: words[2], collisions: Number(words[3]), walls: Number(words[4]) };
        }
    }
    return list;
}

// Runs one scene in the module; returns the same summary the native program prints.
function runScene(scene) {
    const [width, height, periodic, gy, damping, restitution, dt] = scene.head;
    assert.equal(circol.createWorld({ width, height, periodic: periodic === 1, gravity: { x: 0, y: gy }, damping, restitution }), 0);
    for (const c of scene.circles) {
        const [x, y, vx, vy, r, mass] = c.values;
        assert.equal(circol.addCircle(x, y, vx, vy, r, mass).status, c.status);
    }
    let status = 0;
    for (let s = 0; s < scene.steps && status === 0; s++) {
        status = circol.advance(dt);
    }
    const flat = circol.exportCircles();
    const values = [];
    for (let i = 0; i < flat.length; i += 6) {
        values.push(flat[i], flat[i + 1], flat[i + 2], flat[i + 3]);
    }
    const stats = circol.stats();
    const hash = fnvDoubles(fnvDoubles(FNV_OFFSET, values), [stats.time]);
    circol.destroyWorld();
    return { status, hash: hash.toString(16).padStart(16, '0'), collisions: stats.collisions, walls: stats.wallCollisions };
}

test('the module has the world, and the native program ran its scenes', () => {
    assert.ok(circol.hasWorld());
    assert.equal(scenes().length, 4);
});

for (const name of ['gas', 'inelastic', 'gravity', 'damped']) {
    test(`world scene "${name}" reaches the native final state hash`, () => {
        const scene = scenes().find((s) => s.name === name);
        const got = runScene(scene);
        assert.equal(got.status, 0);
        assert.ok(got.collisions > 0);
        // the same collisions in the same order, then the same bits
        assert.equal(got.collisions, scene.result.collisions);
        assert.equal(got.walls, scene.result.walls);
        assert.deepEqual(got, scene.result);
    });
}

test('a pile at rest stays at rest, and a kick wakes it (the demo\'s "Heat up")', () => {
    assert.equal(circol.createWorld({ width: 12, height: 30, periodic: false, gravity: { x: 0, y: -10 }, damping: 0, restitution: 0.5 }), 0);
    for (let k = 0; k < 40; k++) {
        const added = circol.addCircle(1 + 2.2 * (k % 5) + 0.1 * (k % 3), 1.2 + 2.2 * Math.floor(k / 5), 0.3 * ((k % 7) - 3), 0, 0.5 + 0.05 * (k % 4), 1);
        assert.equal(added.status, 0);
    }
    let steps = 0;
    while (circol.stats().kineticEnergy > 0 && steps < 4000) {
        assert.equal(circol.advance(0.01), 0);
        steps++;
    }
    assert.equal(circol.stats().kineticEnergy, 0, `still moving after ${steps} steps`);
    const rested = circol.stats().collisions;
    assert.equal(circol.advance(1), 0);
    assert.equal(circol.stats().collisions, rested); // nothing happens in a pile at rest
    assert.equal(circol.kick(2), 0);
    assert.ok(circol.stats().kineticEnergy > 0);
    assert.equal(circol.advance(0.5), 0);
    assert.ok(circol.stats().collisions > rested);
    assert.ok(circol.maxOverlap() < 1e-9);
    circol.destroyWorld();
});

// In WebAssembly size_t has 32 bits: room for 2^26 circles is 2^32 bytes of 64-byte slots, and
// for 2^28 every array's byte count but one wraps (to 0 for the slots, the cold halves and the
// queue). The world must refuse such a capacity, and then work as usual.
test('a capacity whose byte count would wrap a 32-bit size_t is refused, not wrapped', () => {
    const box = { width: 100, height: 100, periodic: true, gravity: { x: 0, y: 0 }, damping: 0, restitution: 1 };
    const tries = [[1 << 26, 0], [2147483647, 0], [1 << 28, 1 << 28], [(1 << 28) + 7, 1 << 30], [1 << 30, 1 << 30]];
    for (const [capacity, maxCircles] of tries) {
        const status = circol.createWorld({ ...box, capacity, maxCircles });
        assert.equal(circol.statusString(status), 'out of memory', `capacity ${capacity}, at most ${maxCircles}`);
    }
    // counts that the module's 32-bit integers would wrap, or negative ones: a clear status
    for (const bad of [{ maxCircles: -1 }, { maxCircles: 2 ** 31 }, { maxCircles: 2 ** 32 + 5 }, { maxCircles: 1e12 },
        { capacity: -3 }, { capacity: 2 ** 32 }, { capacity: 3e9 }, { capacity: 1.5 }, { maxCircles: NaN }]) {
        assert.equal(circol.statusString(circol.createWorld({ ...box, ...bad })), 'invalid argument', JSON.stringify(bad));
    }
    // and the module's own check, past the JavaScript face: a negative most is refused there too
    assert.equal(circol.statusString(circol.raw.ccl_web_world_create(100, 100, 1, 0, 0, 0, 1, 0, -1, 0)), 'invalid argument');
    assert.equal(circol.createWorld({ ...box, capacity: 5000 }), 0);
    for (let k = 0; k < 100; k++) {
        assert.equal(circol.addCircle(5 + 9 * (k % 10), 5 + 9 * Math.floor(k / 10), (k % 7) - 3, (k % 5) - 2, 1, 1).status, 0);
    }
    assert.equal(circol.advance(2), 0);
    assert.ok(circol.stats().collisions > 0);
    assert.ok(circol.maxOverlap() < 1e-9);
    circol.destroyWorld();
});

// The world page passes a budget of events per frame, so that a scene needing more runs slower
// instead of blocking the page for ever longer frames.
test('an advance stops at maxEventsPerAdvance, consistent, and the next ones go on from there', () => {
    const box = { width: 40, height: 40, periodic: false, gravity: { x: 0, y: 0 }, damping: 0, restitution: 1 };
    const fill = () => {
        for (let k = 0; k < 270; k++) {
            const added = circol.addCircle(1.5 + 2.5 * (k % 15), 1.5 + 2 * Math.floor(k / 15),
                5 * Math.cos(k), 5 * Math.sin(1.3 * k), 0.6, 1);
            assert.equal(added.status, 0);
        }
    };
    // no limit (absent, or 0): one advance goes all the way
    assert.equal(circol.createWorld(box), 0);
    fill();
    assert.equal(circol.advance(1), 0);
    const whole = circol.stats();
    assert.equal(whole.time, 1);
    assert.ok(whole.events > 1000 && whole.collisions > 0);
    assert.equal(circol.createWorld({ ...box, maxEventsPerAdvance: 0 }), 0);
    fill();
    assert.equal(circol.advance(1), 0);
    // a limit of 100 events: the advance stops early, at an earlier time, with no overlap
    assert.equal(circol.createWorld({ ...box, maxEventsPerAdvance: 100 }), 0);
    fill();
    assert.equal(circol.advance(1), EVENT_LIMIT);
    assert.equal(circol.statusString(EVENT_LIMIT), 'event limit reached before the end of the advance');
    let stats = circol.stats();
    assert.equal(stats.events, 100);
    assert.ok(stats.time > 0 && stats.time < 1, `time ${stats.time}`);
    assert.ok(circol.maxOverlap() < 1e-9);
    // going on to time 1 takes several advances and processes the same events
    let status = EVENT_LIMIT;
    let advances = 1;
    while (status === EVENT_LIMIT && advances < 1000) {
        status = circol.advance(1 - circol.stats().time);
        advances++;
    }
    assert.equal(status, 0);
    stats = circol.stats();
    assert.ok(advances >= whole.events / 100, `${advances} advances`);
    assert.ok(Math.abs(stats.time - 1) <= 1e-15, `time ${stats.time}`);
    assert.equal(stats.collisions, whole.collisions);
    assert.ok(circol.maxOverlap() < 1e-9);
    circol.destroyWorld();
    // counts the module cannot take are refused, in JavaScript and in the module
    for (const bad of [-1, 1.5, NaN, 2 ** 53, Infinity, '100']) {
        assert.equal(circol.statusString(circol.createWorld({ ...box, maxEventsPerAdvance: bad })),
            'invalid argument', String(bad));
    }
    for (const bad of [-1, NaN]) {
        assert.equal(circol.statusString(circol.raw.ccl_web_world_create(40, 40, 0, 0, 0, 0, 1, 0, 0, bad)),
            'invalid argument', String(bad));
    }
    circol.destroyWorld();
});

// The tracked circle's collisions are all kept, however many one advance holds (the buffer
// grows; it used to keep the first 1,024 and drop the rest without a word).
test('every collision of the tracked circle is kept', () => {
    assert.equal(circol.createWorld({ width: 4, height: 4, periodic: false, gravity: { x: 0, y: 0 }, damping: 0, restitution: 1 }), 0);
    const added = circol.addCircle(2, 2, 1000, 313, 1, 1);
    assert.equal(added.status, 0);
    circol.track(added.index, added.generation);
    assert.equal(circol.advance(5), 0);
    const points = circol.takeTrack();
    // the centre moves in [1, 3] on each axis: a wall every 2 / 1000 and 2 / 313 time units
    const expected = Math.floor((5 * 1000 - 1) / 2) + 1 + Math.floor((5 * 313 - 1) / 2) + 1;
    assert.ok(points.every((q) => q.gap === undefined));
    assert.ok(Math.abs(points.length - expected) <= 2, `${points.length} collisions, about ${expected} expected`);
    for (let i = 1; i < points.length; i++) {
        assert.ok(points[i].time >= points[i - 1].time);
    }
    assert.equal(circol.takeTrack().length, 0);
});
