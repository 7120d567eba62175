// The bundled scene files (examples/scenes/, copied next to the pages by `make -C web build`) as
// presets of the world page: the same JSON the command-line tool runs (docs/CLI.md, "Scene
// files"), built into the module's world in the tool's order (segments, points, circles).

// Each preset's key, its file (without .json) and its label in the preset list.
export const SCENE_FILES = Object.freeze({
    seed000: { file: 'seed000_two_circles', label: 'two circles head on (source 000)' },
    seed002: { file: 'seed002_n_circles', label: 'circles of many sizes (source 002)' },
    seed003: { file: 'seed003_locked_circle', label: 'a locked circle (source 003)' },
    seed004: { file: 'seed004_static_circle_segment', label: 'circle, segment, point (source 004)' },
    default: { file: 'default', label: 'ramps, pegs and bumpers' },
    filegalton: { file: 'galton', label: 'Galton board, 150 balls' },
    billiards: { file: 'billiards', label: 'billiards break, 9-foot table' },
    filegas: { file: 'gas', label: 'periodic gas, 400 disks' },
});

// Fetches every scene file from the folder `base` (a URL); returns {key: parsed JSON} for those
// that loaded (a missing one is left out, with a warning, so the page still runs).
export async function loadSceneFiles(base) {
    const files = {};
    await Promise.all(Object.entries(SCENE_FILES).map(async ([key, { file }]) => {
        try {
            const response = await fetch(new URL(`${file}.json`, base));
            if (!response.ok) {
                throw new Error(`HTTP ${response.status}`);
            }
            files[key] = await response.json();
        } catch (error) {
            console.warn(`circol: scene file ${file}.json not loaded: ${error.message}`);
        }
    }));
    return files;
}

// Builds a parsed scene file into a fresh world of the module, advancing at most eventsPerCall
// events a call (0: no limit). Returns {status (the first refusal, 0 when none), added (moving
// circles), baseRadius and massPerArea (of the smallest moving circle), segments ({ax, ay, bx,
// by}), points ({x, y}), box ([x0, y0, x1, y1]), periodic, shown (the world's restitution,
// gravity and damping, for display)}.
export function buildFileScene(circol, scene, eventsPerCall = 0) {
    const w = scene.world;
    const gravity = w.gravity ?? [0, 0];
    const restitution = w.restitution ?? 1;
    const damping = w.damping ?? 0;
    const periodic = w.boundary === 'periodic';
    let status = circol.createWorld({
        box: w.box, periodic, gravity: { x: gravity[0], y: gravity[1] }, damping, restitution,
        maxEventsPerAdvance: eventsPerCall,
    });
    const first = (s) => {
        status ||= s;
    };
    const segments = (scene.segments ?? []).map((s) => ({ ax: s.a[0], ay: s.a[1], bx: s.b[0], by: s.b[1] }));
    const points = (scene.points ?? []).map(([x, y]) => ({ x, y }));
    for (const s of segments) {
        first(circol.addSegment(s.ax, s.ay, s.bx, s.by));
    }
    for (const p of points) {
        first(circol.addSegment(p.x, p.y, p.x, p.y)); // a segment of length 0 is a point
    }
    let added = 0;
    let smallest = null;
    for (const c of scene.circles ?? []) {
        const mass = c.mass ?? 1;
        const result = circol.addCircle(c.x, c.y, c.vx, c.vy, c.r, mass, c.restitution ?? -1);
        first(result.status);
        if (result.status === 0 && mass > 0) {
            added++;
            smallest = smallest === null || c.r < smallest.r ? { r: c.r, mass } : smallest;
        }
    }
    return {
        status, added, segments, points, box: w.box, periodic,
        baseRadius: smallest?.r ?? Infinity,
        massPerArea: smallest ? smallest.mass / (smallest.r * smallest.r) : null,
        shown: { restitution, gravity: Math.hypot(gravity[0], gravity[1]), damping },
    };
}
