// The world page's physics, in a Web Worker: it owns the module's world, advances it with real
// time, and posts every circle (x, y, vx, vy, r, mass each) to the page as a snapshot in a
// transferred buffer. The page only has the latest snapshot drawn (by its painter) and posts its
// commands, so input on the page never waits for an advance.
//
// Messages from the page:
//   {type: 'init', files}          the parsed scene files, by preset; the worker then loads
//   {type: 'calls', calls}         [{id, name, args}], run in order with no advance between
//                                  them; answered by one {type: 'replies', replies: [{id,
//                                  value} or {id, error}]}
//   {type: 'buffer', buffer, want, frameMs}
//                                  a snapshot's buffer (if any) given back for reuse; want: the
//                                  page has drawn its last snapshot and wants the next; frameMs:
//                                  the page's time between frames
// Messages to the page: {type: 'ready'} or {type: 'failed', message} after init, the replies,
// and {type: 'snapshot', flat, stats, track, overlap, slowed, status, advanceMs, exportMs}.
import { EVENT_LIMIT, loadCircol } from './circol.js';
import { buildFileScene } from './scene-files.js';
import { BOX, HEIGHT, SCENES, buildScene } from './world-scenes.js';

// An advance runs in calls of at most EVENTS_PER_CALL events (about a millisecond of work each)
// until the world has caught up with real time or its budget is spent: FRAME_SHARE of the
// page's frame time, less the rest of a snapshot's work, within BUDGET milliseconds (the rest of
// the frame is left for the last call, and for the page's own work on a machine with few
// cores). A scene that needs more runs slower in world time instead of holding back the
// snapshots and commands.
const EVENTS_PER_CALL = 500;
const BUDGET = [4, 30];
const FRAME_SHARE = 0.75;
// Snapshots in flight: the one the page's painter keeps (drawn last), the one it draws, the one
// the page is sent next, and the one the worker holds ready.
const BUFFERS = 4;
const MAX_ELAPSED = 0.1; // seconds of real time an advance follows at most (after a stall)
const STEP = 1 / 60; // world time of "Step a frame"
const STEP_BUDGET = 250; // a step may take longer than a frame's budget, but not for ever
// The largest overlap (a pass over every pair of neighbours) goes with the snapshots at most
// this often (milliseconds), up to LARGE circles; above, only when asked for.
const OVERLAP_EVERY = 500;
const LARGE = 10000;
// The fast circle's radius and mass, when the scene's circles leave room for it.
const FAST_RADIUS = 0.8;
const FAST_MASS = 4;
// A fired circle's kinetic energy is at most this share of the scene's energy as built, and its
// speed within these bounds.
const FAST_SHARE = 0.5;
const FAST_SPEEDS = [40, 2000];

const state = {
    circol: null,
    files: {},
    scene: null, // what the last build returned
    paused: false,
    speed: 0, // log10 of world time per real second
    last: 0, // when the world last followed real time (milliseconds)
    free: [], // buffers for snapshots
    ready: null, // the next snapshot, posted when the page wants it
    wanted: true, // the page has drawn the last snapshot (or has none)
    owed: true, // a snapshot is owed to the page, paused or not (after a command)
    scheduled: false,
    slowed: false, // an advance since the last snapshot stopped at its budget
    status: '', // a refusal of the world's since the last snapshot
    track: [], // the tracked circle's collisions since the last snapshot
    fired: [],
    overlapAt: -Infinity,
    frameMs: 1000 / 60, // the page's time between frames (a running mean)
    snapshotMs: 1, // a snapshot's work besides its advance (a running mean)
    timings: { advance: 0, export: 0 },
};
const wake = new MessageChannel();

// Advances the world by dt of world time, in calls of at most EVENTS_PER_CALL events, until it
// gets there or budget milliseconds are spent; returns the last call's status (EVENT_LIMIT
// when it stopped short). Collects the tracked circle's collisions.
function advanceBy(dt, budget) {
    const { circol } = state;
    const start = performance.now();
    const target = circol.time() + dt;
    let status;
    do {
        status = circol.advance(Math.max(0, target - circol.time()));
    } while (status === EVENT_LIMIT && performance.now() - start < budget);
    return afterAdvance(status, start);
}

// Notes what an advance (started at start, returning status) left for the next snapshot.
function afterAdvance(status, start) {
    state.timings.advance += performance.now() - start;
    if (status === EVENT_LIMIT) {
        state.slowed = true; // not an error: the world goes on from there next time
    } else if (status !== 0) {
        state.status = state.circol.statusString(status);
    }
    state.track.push(...state.circol.takeTrack());
    return status;
}

// The milliseconds an advance may take so that the next snapshot is ready by the page's next
// frame.
function frameBudget() {
    const budget = FRAME_SHARE * state.frameMs - state.snapshotMs;
    return Math.min(Math.max(budget, BUDGET[0]), BUDGET[1]);
}

// What a frame does: follows elapsed seconds of real time (at most MAX_ELAPSED) at the speed.
function advanceFrame(elapsed, budget = frameBudget()) {
    return advanceBy(Math.min(Math.max(elapsed, 0), MAX_ELAPSED) * 10 ** state.speed, budget);
}

// A fresh world with the settings' scene; returns what the page needs to show it.
function build(settings) {
    const { circol } = state;
    const file = SCENES[settings.preset]?.file ? state.files[settings.preset] : null;
    let built;
    if (file) {
        built = buildFileScene(circol, file, EVENTS_PER_CALL);
    } else {
        const status = circol.createWorld({
            width: BOX, height: HEIGHT, periodic: false, gravity: { x: 0, y: -settings.gravity },
            damping: settings.damping, restitution: settings.restitution,
            maxEventsPerAdvance: EVENTS_PER_CALL,
        });
        built = { box: [0, 0, BOX, HEIGHT], points: [], periodic: false, ...buildScene(circol, settings), status };
    }
    const stats = circol.stats();
    state.scene = { ...built, startEnergy: stats.kineticEnergy };
    state.fired = [];
    state.track = [];
    state.overlapAt = -Infinity;
    state.speed = settings.speed;
    return {
        ...state.scene, stats,
        statusText: built.status === 0 ? '' : circol.statusString(built.status),
    };
}

// Adds a circle at a free spot near `from`; returns its add result and where it went.
function place(from, vx, vy, r, mass) {
    let result = null;
    // In a crowd the press point is often taken: look for the nearest free spot around it, on
    // rings a third of a radius apart.
    for (let ring = 0; ring <= 24; ring++) {
        const spots = ring === 0 ? 1 : 6 * ring;
        for (let k = 0; k < spots; k++) {
            const angle = (2 * Math.PI * k) / spots;
            const x = from.x + (ring * r / 3) * Math.cos(angle);
            const y = from.y + (ring * r / 3) * Math.sin(angle);
            result = state.circol.addCircle(x, y, vx, vy, r, mass);
            if (result.status === 0) {
                return { ...result, x, y };
            }
        }
    }
    return result;
}

// Fires a fast circle from a point (world units) in the direction (dx, dy), on a drawing of
// scale k; returns {status ('' or the refusal), r, mass, slot (its place in the export)}.
function fire(from, dx, dy, k) {
    const { circol, scene } = state;
    // No larger than the scene's smallest circles: in a dense scene the gaps between them are
    // narrower than a circle of radius FAST_RADIUS, which would then find no free spot.
    // FAST_RADIUS and FAST_SPEEDS are in the drawing's units: a scene file's world may be drawn
    // at another scale.
    const r = Math.min(FAST_RADIUS / k, scene.baseRadius);
    const mass = (scene.massPerArea ?? FAST_MASS / FAST_RADIUS ** 2) * r * r; // r^2, as the scene's
    const energy = FAST_SHARE * scene.startEnergy;
    const speed = Math.min(Math.max(Math.sqrt(2 * energy / mass), FAST_SPEEDS[0] / k), FAST_SPEEDS[1] / k);
    const length = Math.hypot(dx, dy);
    const result = place(from, speed * dx / length, speed * dy / length, r, mass);
    if (result.status !== 0) {
        return { status: `fast circle: ${circol.statusString(result.status)}` };
    }
    circol.track(result.index, result.generation);
    circol.takeTrack(); // the collisions of the circle tracked before
    state.track = [];
    state.fired.push({ index: result.index, generation: result.generation });
    const flat = circol.exportCircles();
    let slot = null;
    for (let i = 0; i < flat.length; i += 6) {
        if (flat[i] === result.x && flat[i + 1] === result.y && flat[i + 4] === r) {
            slot = i;
        }
    }
    return { status: '', r, mass, slot };
}

// "Heat up": back to the starting temperature at least, and twice the energy now at least, so
// that the button heats a scene that has not cooled too. Returns the statistics after.
function heat() {
    const { circol } = state;
    let stats = circol.stats();
    if (stats.kineticEnergy < 0.1 * state.scene.startEnergy || stats.kineticEnergy === 0) {
        // a pile at rest (or nearly): scaling zero velocities would do nothing, so kick it
        circol.kick(Math.sqrt(5));
        stats = circol.stats();
    }
    if (stats.kineticEnergy > 0) {
        const target = Math.max(state.scene.startEnergy, 2 * stats.kineticEnergy);
        circol.scaleVelocities(Math.sqrt(target / stats.kineticEnergy));
    }
    return circol.stats();
}

// The page's commands, by name; any other name is the module's own method of that name.
const COMMANDS = {
    build,
    fire,
    heat,
    advanceFrame,
    // pause and speed
    run(paused, speed) {
        state.paused = paused;
        state.speed = speed;
        state.last = performance.now();
    },
    step() {
        state.paused = true;
        return advanceBy(STEP, STEP_BUDGET);
    },
    stepCollision() {
        state.paused = true;
        return afterAdvance(state.circol.advanceCollisions(1, 1), performance.now());
    },
    clearFired() {
        for (const id of state.fired) {
            state.circol.removeCircle(id.index, id.generation);
        }
        state.fired = [];
        state.track = [];
    },
    // the largest overlap and the world time it was found at
    overlap() {
        return { overlap: state.circol.maxOverlap(), time: state.circol.time() };
    },
};

function runCall({ id, name, args }) {
    try {
        const own = COMMANDS[name];
        if (!own && typeof state.circol[name] !== 'function') {
            throw new Error(`circol: no command ${name}`);
        }
        const value = own ? own(...args) : state.circol[name](...args);
        // a view of the module's memory is copied out before the next call changes it
        return { id, value: ArrayBuffer.isView(value) ? value.slice() : value };
    } catch (error) {
        return { id, error: error.message };
    }
}

// Keeps one snapshot ready ahead of the page: advances with real time (unless paused) into a
// free buffer, and posts the ready snapshot when the page wants one (after drawing the last).
// The page's frames set the pace, and the worker works on the next while the page draws.
function pump() {
    state.scheduled = false;
    const now = performance.now();
    if (!state.scene) {
        return;
    }
    if (state.ready === null && state.free.length > 0 && (!state.paused || state.owed)) {
        if (state.paused) {
            state.last = now;
        } else {
            advanceFrame((now - state.last) / 1000);
            state.last = now;
        }
        state.ready = takeSnapshot(now);
        state.owed = false;
    }
    if (state.ready !== null && state.wanted) {
        self.postMessage(state.ready, [state.ready.flat.buffer]);
        state.ready = null;
        state.wanted = false;
        schedule(); // the next one, while the page draws this one
    }
}

function schedule() {
    if (!state.scheduled) {
        state.scheduled = true;
        wake.port2.postMessage(null);
    }
}

// Every circle, the statistics and what happened since the last snapshot, in a free buffer
// (replaced by a larger one when too small).
function takeSnapshot(now) {
    const { circol } = state;
    const start = performance.now();
    const view = circol.exportCircles();
    let buffer = state.free.pop();
    if (buffer.byteLength < view.byteLength) {
        buffer = new ArrayBuffer(8 * Math.ceil(1.25 * view.length)); // room to grow
    }
    const flat = new Float64Array(buffer, 0, view.length);
    flat.set(view);
    state.timings.export += performance.now() - start;
    const stats = circol.stats();
    let overlap = null;
    if (stats.circles <= LARGE && now - state.overlapAt >= OVERLAP_EVERY) {
        overlap = circol.maxOverlap();
        state.overlapAt = now;
    }
    const snapshot = {
        type: 'snapshot', flat, stats, overlap, track: state.track, slowed: state.slowed,
        status: state.status, advanceMs: state.timings.advance, exportMs: state.timings.export,
    };
    state.track = [];
    state.slowed = false;
    state.status = '';
    state.snapshotMs = 0.9 * state.snapshotMs + 0.1 * (performance.now() - start);
    return snapshot;
}

// A ready snapshot from before a command is not posted: its buffer goes back to the free ones
// (what it noted since the snapshot before goes with the next one).
function dropReady() {
    const { ready } = state;
    if (ready !== null) {
        state.free.push(ready.flat.buffer);
        state.track.unshift(...ready.track);
        state.slowed ||= ready.slowed;
        state.status ||= ready.status;
        state.ready = null;
    }
}

async function init(files) {
    state.circol = await loadCircol(new URL('../circol.wasm', import.meta.url));
    if (!state.circol.hasWorld()) {
        throw new Error('this build has no world');
    }
    state.files = files;
    for (let i = 0; i < BUFFERS; i++) {
        state.free.push(new ArrayBuffer(0));
    }
    state.last = performance.now();
}

wake.port1.onmessage = pump;
self.onmessage = ({ data }) => {
    if (data.type === 'init') {
        init(data.files).then(() => self.postMessage({ type: 'ready' }),
            (error) => self.postMessage({ type: 'failed', message: error.message }));
    } else if (data.type === 'calls') {
        dropReady();
        self.postMessage({ type: 'replies', replies: data.calls.map(runCall) });
        // the page drops the snapshot it has not drawn yet, and waits for one after the calls
        state.owed = true;
        state.wanted = true;
        schedule();
    } else if (data.type === 'buffer') {
        if (data.buffer) {
            state.free.push(data.buffer);
        }
        state.wanted ||= data.want;
        if (data.frameMs > 0) {
            state.frameMs = data.frameMs;
        }
        schedule();
    }
};
