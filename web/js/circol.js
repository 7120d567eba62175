// The circol WebAssembly module and a small JavaScript face over it. Works in browsers and in
// Node. All geometry and physics happen in the C library; this file only moves numbers.

const WASI_ENOSYS = 52;

// ccl_status's CCL_ERR_INVALID_ARGUMENT (include/circol/base.h), for arguments refused here.
const INVALID_ARGUMENT = 1;

// ccl_status's CCL_ERR_EVENT_LIMIT: an advance stopped at its maxEventsPerAdvance; the world is
// consistent at an earlier time and may go on.
export const EVENT_LIMIT = 8;

// Imports for whatever WASI functions the module asks for: none does any real work in a page.
function wasiImports(module) {
    const wasi = {};
    for (const entry of WebAssembly.Module.imports(module)) {
        if (entry.module !== 'wasi_snapshot_preview1' || entry.kind !== 'function') {
            continue;
        }
        wasi[entry.name] = entry.name === 'proc_exit'
            ? (code) => { throw new Error(`circol: the module exited with status ${code}`); }
            : () => WASI_ENOSYS;
    }
    return { wasi_snapshot_preview1: wasi };
}

// Wall kinds of ccl_web_bounce.
export const WALL = Object.freeze({ SEGMENT: 0, LINE: 1, POINT: 2, CIRCLE: 3 });

// Loads the module from a URL (browser) or from its bytes (Node) and returns the API object.
export async function loadCircol(source) {
    let bytes = source;
    if (typeof source === 'string' || source instanceof URL) {
        const response = await fetch(source);
        if (!response.ok) {
            throw new Error(`circol: cannot load ${source}: HTTP ${response.status}`);
        }
        bytes = await response.arrayBuffer();
    }
    const module = await WebAssembly.compile(bytes);
    const instance = await WebAssembly.instantiate(module, wasiImports(module));
    instance.exports._initialize();
    return new Circol(instance.exports);
}

// Reads a hit from out[0..5].
function readHit(out) {
    return {
        t: out[0], tExit: out[1],
        normal: { x: out[2], y: out[3] },
        point: { x: out[4], y: out[5] },
    };
}

export class Circol {
    constructor(exports) {
        this.raw = exports;
        this.outPointer = exports.ccl_web_out();
    }

    // The output block, as a fresh view (the memory may have grown since the last call).
    out() {
        return new Float64Array(this.raw.memory.buffer, this.outPointer, 32);
    }

    // A Float64Array view of count doubles at pointer.
    view(pointer, count) {
        return new Float64Array(this.raw.memory.buffer, pointer, count);
    }

    // The library's name for a status code.
    statusString(status) {
        const pointer = this.raw.ccl_web_status_string(status);
        const bytes = new Uint8Array(this.raw.memory.buffer, pointer);
        let end = 0;
        while (bytes[end] !== 0) {
            end++;
        }
        return new TextDecoder().decode(bytes.subarray(0, end));
    }

    // Two moving circles {x, y, r} with velocities {x, y}: the hit, or null.
    sweepCircles(a, va, b, vb, tMax) {
        const hit = this.raw.ccl_web_sweep_circles(a.x, a.y, a.r, va.x, va.y,
            b.x, b.y, b.r, vb.x, vb.y, tMax);
        return hit ? readHit(this.out()) : null;
    }

    // The seed's whole step for bodies {x, y, vx, vy, r, invMass, e} over [0, dt].
    stepPair(a, b, dt) {
        const collided = this.raw.ccl_web_step_pair(a.x, a.y, a.vx, a.vy, a.r, a.invMass, a.e,
            b.x, b.y, b.vx, b.vy, b.r, b.invMass, b.e, dt);
        const out = this.out();
        return {
            hit: collided ? readHit(out) : null,
            aAtImpact: collided ? { x: out[6], y: out[7] } : null,
            bAtImpact: collided ? { x: out[8], y: out[9] } : null,
            impulse: collided ? out[10] : 0,
            aVelocity: { x: out[11], y: out[12] },
            bVelocity: { x: out[13], y: out[14] },
            aEnd: { x: out[15], y: out[16] },
            bEnd: { x: out[17], y: out[18] },
        };
    }

    // Seed 004: circle {x, y, r} moving by v over [0, tMax] against a fixed wall of a WALL kind
    // given by four numbers; bounces with restitution e.
    bounce(kind, circle, v, wall, e, tMax) {
        const collided = this.raw.ccl_web_bounce(kind, circle.x, circle.y, circle.r, v.x, v.y,
            wall[0], wall[1], wall[2], wall[3], e, tMax);
        const out = this.out();
        return {
            hit: collided ? readHit(out) : null,
            atImpact: collided ? { x: out[6], y: out[7] } : null,
            velocityAfter: collided ? { x: out[8], y: out[9] } : null,
            end: { x: out[10], y: out[11] },
        };
    }

    // True when this build has the event-driven world.
    hasWorld() {
        return this.raw.ccl_web_has_world() === 1;
    }

    // Creates the world: {width, height, periodic, gravity: {x, y}, damping, restitution} (the box
    // [0, width] x [0, height]; or box: [x0, y0, x1, y1] instead of width and height) and
    // optionally capacity (circles to make room for at once), maxCircles (the most it may hold;
    // the library's default when absent) and maxEventsPerAdvance (the most events one advance
    // may process; no limit when absent or 0). An advance that reaches that limit returns
    // EVENT_LIMIT and leaves the world at an earlier time, from which the next advance goes on.
    // Returns a status code (0 is success).
    createWorld(def) {
        // counts are 32-bit integers in the module: anything else would wrap, so it is refused
        const count = (v) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= 2147483647);
        const events = def.maxEventsPerAdvance;
        const eventsOk = events === undefined || (Number.isSafeInteger(events) && events >= 0);
        if (!count(def.capacity) || !count(def.maxCircles) || !eventsOk) {
            return INVALID_ARGUMENT;
        }
        const [x0, y0, x1, y1] = def.box ?? [0, 0, def.width, def.height];
        return this.raw.ccl_web_world_create(x0, y0, x1, y1, def.periodic ? 1 : 0,
            def.gravity.x, def.gravity.y, def.damping, def.restitution, def.capacity ?? 0,
            def.maxCircles ?? 0, events ?? 0);
    }

    // Destroys the world.
    destroyWorld() {
        this.raw.ccl_web_world_destroy();
    }

    // Adds a circle; returns {status, index, generation}.
    addCircle(x, y, vx, vy, r, mass, restitution = -1) {
        const status = this.raw.ccl_web_world_add(x, y, vx, vy, r, mass, restitution);
        const out = this.out();
        return { status, index: out[0], generation: out[1] };
    }

    // Adds a static segment; returns a status code.
    addSegment(ax, ay, bx, by) {
        return this.raw.ccl_web_world_add_segment(ax, ay, bx, by);
    }

    // Advances the world by dt; returns a status code.
    advance(dt) {
        return this.raw.ccl_web_world_advance(dt);
    }

    // The world's time (cheaper than stats(), which sums every circle's energy).
    time() {
        return this.raw.ccl_web_world_time();
    }

    // Advances until that many more circle-circle collisions happened, or maxDt passed; returns
    // a status code.
    advanceCollisions(collisions, maxDt) {
        if (!Number.isSafeInteger(collisions) || collisions < 0) {
            return INVALID_ARGUMENT;
        }
        return this.raw.ccl_web_world_advance_collisions(collisions, maxDt);
    }

    // Removes the circle addCircle returned {index, generation} for; returns a status code.
    removeCircle(index, generation) {
        return this.raw.ccl_web_world_remove(index, generation);
    }

    // Scales the movable circles' velocities; returns a status code.
    scaleVelocities(factor) {
        return this.raw.ccl_web_world_scale_velocities(factor);
    }

    // Adds a random velocity (deviation sigma per component) to every movable circle, waking
    // circles at rest.
    kick(sigma) {
        return this.raw.ccl_web_world_kick(sigma);
    }

    // Follows one circle's collisions.
    track(index, generation) {
        this.raw.ccl_web_world_track(index, generation);
    }

    // The tracked circle's collisions since the last call: [{time, x, y}], every one of them;
    // where memory ran out and some were not kept, a last entry {gap: n} says how many.
    takeTrack() {
        const pointer = this.raw.ccl_web_track();
        const count = this.out()[0];
        const dropped = this.out()[1];
        const data = count > 0 ? this.view(pointer, 3 * count) : [];
        const points = [];
        for (let i = 0; i < count; i++) {
            points.push({ time: data[3 * i], x: data[3 * i + 1], y: data[3 * i + 2] });
        }
        if (dropped > 0) {
            points.push({ gap: dropped });
        }
        return points;
    }

    // Every circle as 6 doubles (x, y, vx, vy, r, mass), a view valid until the next call.
    exportCircles() {
        const pointer = this.raw.ccl_web_world_export();
        const count = this.out()[0];
        return pointer === 0 ? new Float64Array(0) : this.view(pointer, 6 * count);
    }

    // The world's statistics.
    stats() {
        this.raw.ccl_web_world_stats();
        const o = this.out();
        return {
            time: o[0], collisions: o[1], wallCollisions: o[2], events: o[3], circles: o[4],
            kineticEnergy: o[5], momentum: { x: o[6], y: o[7] }, virial: o[8], virialTime: o[9],
            guardCollisions: o[10], memoryBytes: o[11],
        };
    }

    // The largest overlap between any two circles or a circle and a wall, now.
    maxOverlap() {
        return this.raw.ccl_web_world_max_overlap();
    }
}
