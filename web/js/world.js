// Page 3: the event-driven world. The library moves every circle from collision to collision;
// this file builds the scenes, runs and draws them, and plots the statistics.
import { EVENT_LIMIT } from './circol.js';
import { Stage, fmt, loadPageModule, showFatal } from './ui.js';
import { buildFileScene, loadSceneFiles } from './scene-files.js';
import { CircleLayer, SpeedChart, drawBox, drawPoints, drawSegments, drawTrail } from './world-draw.js';
import { BOX, HEIGHT, SCENES, buildScene, viewOf } from './world-scenes.js';

const $ = (id) => document.getElementById(id);
// A frame advances the world in calls of at most EVENTS_PER_CALL events (a few milliseconds of
// work each) until the world has caught up with the frame's time or FRAME_BUDGET milliseconds are
// spent. A scene that needs more runs slower in world time instead of making the page wait: a
// frame's physics never takes much more than the budget, so input is handled within a frame.
const EVENTS_PER_CALL = 2000;
const FRAME_BUDGET = 10;
// Shown while frames reach that budget.
const SLOWED = 'slowed down: too many collisions per frame';
// The fast circle's radius and mass, when the scene's circles leave room for it.
const FAST_RADIUS = 0.8;
const FAST_MASS = 4;
// A fired circle's kinetic energy is at most this share of the scene's energy as built, and its
// speed within these bounds.
const FAST_SHARE = 0.5;
const FAST_SPEEDS = [40, 2000];
const STEP = 1 / 60; // world time of "Step a frame"
const SLIDERS = ['count', 'spread', 'restitution', 'gravity', 'damping'];
// The readouts computed from every circle run at most this often (milliseconds). Above LARGE
// circles the histogram is drawn less often, and the largest overlap (a pass over every pair of
// neighbours, tens of milliseconds there) only on demand, so that no frame takes much longer
// than the others.
const OVERLAP_EVERY = 500;
const CHART_EVERY = 100;
const CHART_EVERY_LARGE = 250;
const LARGE = 10000;

// The settings the controls show: the preset, the sliders, the speed.
function readSettings() {
    const settings = { preset: $('preset').value, speed: Number($('speed').value) };
    for (const id of SLIDERS) {
        settings[id] = Number($(id).value);
    }
    return settings;
}

// The controls set from the address's query (a shared scene), where it names valid values.
function applyQuery() {
    const query = new URLSearchParams(location.search);
    if ([...$('preset').options].some((option) => option.value === query.get('preset'))) {
        $('preset').value = query.get('preset');
        setSliders(SCENES[query.get('preset')].values);
    }
    for (const id of [...SLIDERS, 'speed']) {
        const value = Number(query.get(id) ?? NaN);
        const input = $(id);
        if (query.has(id) && Number.isFinite(value) && value >= Number(input.min) && value <= Number(input.max)) {
            input.value = String(value);
        }
    }
}

// The address's query written from the settings (no new history entry).
function writeQuery(settings) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(settings)) {
        query.set(key, String(value));
    }
    history.replaceState(null, '', `${location.pathname}?${query}`);
}

function setSliders(values) {
    for (const [id, value] of Object.entries(values)) {
        $(id).value = String(value);
    }
}

// A slider's value beside it and for assistive technology (the count's slider is on a log
// scale: its own value is an exponent). Shown while it is dragged too, before the rebuild on
// release; after it, the count is the number of moving circles the scene took.
function showSetting(id, value, added) {
    const text = id === 'count' ? String(added ?? Math.round(10 ** value)) : fmt(value, 2);
    $(`${id}-value`).textContent = text;
    $(id).setAttribute('aria-valuetext', id === 'count' ? `${text} circles` : text);
}

// The sliders a scene does not use are switched off.
function enableSliders(settings) {
    const unused = SCENES[settings.preset]?.unused ?? [];
    for (const id of SLIDERS) {
        $(id).disabled = unused.includes(id);
    }
}

async function main() {
    const circol = await loadPageModule();
    if (!circol.hasWorld()) {
        throw new Error('this build has no world');
    }
    const files = await loadSceneFiles(new URL('../scenes/', import.meta.url));
    const groups = ['generated', 'scene files (their own world: sliders off)'].map((label) => Object.assign(document.createElement('optgroup'), { label }));
    for (const [key, scene] of Object.entries(SCENES)) {
        if (!scene.file || files[key]) {
            groups[scene.file ? 1 : 0].append(new Option(scene.label, key));
        }
    }
    $('preset').append(...groups);
    const page = new WorldPage(circol, files);
    applyQuery();
    page.build();
    page.wire();
    window.demo = page.demo();
    document.body.dataset.ready = 'true';
    requestAnimationFrame((now) => page.frame(now));
}

class WorldPage {
    constructor(circol, files) {
        this.circol = circol;
        this.files = files; // the parsed scene files, by preset
        this.stage = new Stage($('stage'), BOX, HEIGHT, () => this.draw());
        this.layer = new CircleLayer();
        this.chart = new SpeedChart($('histogram'));
        this.paused = false;
        this.last = performance.now();
        this.frames = []; // {now, time, collisions} of the last second's frames
        // milliseconds spent in each part of the frames so far, and their number (for measurements)
        this.timings = { frames: 0, advance: 0, draw: 0, chart: 0, overlap: 0 };
        this.aim = { dx: 1, dy: 0.37 }; // the last direction fired, for the keyboard
        this.segments = [];
        this.trail = [];
        this.tracked = null;
    }

    // A fresh world with the controls' scene; also what "Reset" does.
    build() {
        const s = readSettings();
        this.settings = s;
        const status = this.circol.createWorld({
            width: BOX, height: HEIGHT, periodic: false, gravity: { x: 0, y: -s.gravity },
            damping: s.damping, restitution: s.restitution, maxEventsPerAdvance: EVENTS_PER_CALL,
        });
        this.statusText = status === 0 ? '' : this.circol.statusString(status);
        const built = this.buildScene(s);
        const { added, baseRadius, segments } = built;
        this.scene = built;
        this.view = viewOf(built.box);
        this.baseRadius = baseRadius;
        this.segments = segments;
        this.fired = [];
        this.tracked = null;
        this.trail = [];
        this.frames = [];
        this.slowedUntil = 0;
        this.overlapAt = -Infinity;
        $('overlap').textContent = '-';
        $('check-overlap').hidden = true; // the next refresh shows it again for a large scene
        this.chartAt = -Infinity;
        this.startEnergy = this.circol.stats().kineticEnergy;
        for (const id of SLIDERS) {
            showSetting(id, built.shown?.[id] ?? s[id], added);
        }
        $('speed-value').textContent = `×${fmt(10 ** s.speed, 2)}`;
        $('speed').setAttribute('aria-valuetext', `${fmt(10 ** s.speed, 2)} times`);
        enableSliders(s);
        for (const id of built.shown ? SLIDERS : []) {
            $(id).disabled = true; // a scene file sets its own world
        }
        $('clear').disabled = true;
        writeQuery(s);
        this.refresh(performance.now());
    }

    // One animation frame: advance by the real time since the last (at most a tenth of a second)
    // times the speed, unless paused; then draw.
    frame(now) {
        this.tick(now);
        requestAnimationFrame((t) => this.frame(t));
    }

    // The work of a frame at time now (milliseconds), its physics within budget milliseconds.
    tick(now, budget = FRAME_BUDGET) {
        const elapsed = Math.max(0, Math.min((now - this.last) / 1000, 0.1));
        this.last = now;
        if (!this.paused) {
            this.advance(() => this.advanceBy(elapsed * 10 ** this.settings.speed, budget), now);
        }
        this.refresh(now);
    }

    // Advances the world by dt of world time, in calls of at most EVENTS_PER_CALL events, until it
    // gets there or budget milliseconds are spent; returns the last call's status (EVENT_LIMIT
    // when it stopped short).
    advanceBy(dt, budget) {
        const start = performance.now();
        const target = this.circol.time() + dt;
        let status;
        do {
            status = this.circol.advance(Math.max(0, target - this.circol.time()));
        } while (status === EVENT_LIMIT && performance.now() - start < budget);
        return status;
    }

    // Runs one advance of the world (a function returning its status) and collects the tracked
    // circle's collisions.
    advance(run, now) {
        const start = performance.now();
        const status = run();
        this.timings.advance += performance.now() - start;
        if (status === EVENT_LIMIT) {
            // not an error: the world stopped early, consistent, and goes on from there next frame
            this.slowedUntil = now + 1000;
        } else if (status !== 0) {
            this.statusText = this.circol.statusString(status);
        }
        for (const q of this.circol.takeTrack()) {
            // a gap (collisions not kept): no line across it
            this.trail.push(q.gap ? { gap: true } : { x: q.x, y: q.y, r: this.tracked?.r ?? 1 });
        }
    }

    // The scene's circles and walls added to the fresh world; a scene file replaces the world by
    // its own. Returns what buildFileScene returns (generated scenes in the drawing's box).
    buildScene(s) {
        const file = SCENES[s.preset]?.file ? this.files[s.preset] : null;
        if (!file) {
            return { box: [0, 0, BOX, HEIGHT], points: [], periodic: false, ...buildScene(this.circol, s) };
        }
        const built = buildFileScene(this.circol, file, EVENTS_PER_CALL);
        this.statusText = built.status === 0 ? '' : this.circol.statusString(built.status);
        return built;
    }

    // Draws the scene and updates the readouts.
    refresh(now) {
        const stats = this.circol.stats();
        this.frames.push({ now, time: stats.time, collisions: stats.collisions });
        while (this.frames.length > 2 && now - this.frames[0].now > 1000) {
            this.frames.shift();
        }
        let start = performance.now();
        const flat = this.draw();
        this.timings.draw += performance.now() - start;
        this.timings.frames++;
        const large = stats.circles > LARGE;
        if (now - this.chartAt >= (large ? CHART_EVERY_LARGE : CHART_EVERY)) {
            start = performance.now();
            this.chart.draw(flat, stats.kineticEnergy);
            this.chartAt = now;
            this.timings.chart += performance.now() - start;
        }
        if ($('check-overlap').hidden !== !large) {
            $('check-overlap').hidden = !large;
            $('overlap').textContent = large ? 'on demand' : '-';
        }
        if (!large && now - this.overlapAt >= OVERLAP_EVERY) {
            this.showOverlap(now, false);
        }
        this.showStats(stats, now);
    }

    // The largest overlap now in the table, with the world time it was found at when asked for.
    showOverlap(now, asked) {
        const start = performance.now();
        const overlap = fmt(this.circol.maxOverlap(), 3);
        $('overlap').textContent = asked ? `${overlap} at t = ${fmt(this.circol.time(), 2)}` : overlap;
        this.overlapAt = now;
        this.timings.overlap += performance.now() - start;
    }

    // The live table and the status line.
    showStats(stats, now) {
        const first = this.frames[0];
        const span = (now - first.now) / 1000;
        const per = (x) => (span > 0 ? x / span : 0);
        $('time').textContent = fmt(stats.time, 2);
        $('pace').textContent = fmt(per(stats.time - first.time), 3);
        $('fps').textContent = fmt(per(this.frames.length - 1), 1);
        $('collisions').textContent = String(stats.collisions);
        $('rate').textContent = fmt(per(stats.collisions - first.collisions), 0);
        $('energy').textContent = fmt(stats.kineticEnergy, 1);
        const notes = [this.statusText, this.paused ? 'paused' : '',
            now < this.slowedUntil ? SLOWED : ''].filter((note) => note !== '');
        const shown = notes.join('; ');
        if ($('status').textContent !== shown) {
            $('status').textContent = shown; // a live region: changed only when it changes
        }
    }

    // The circles and the tracked circle's path; returns the exported circles.
    draw() {
        const flat = this.circol.exportCircles();
        const { ctx, pixels } = this.stage;
        const { k, ux, uy, top, box } = this.view;
        this.stage.clear();
        // world units to device pixels
        const device = { scale: pixels * k, ox: pixels * ux, oy: pixels * uy, top };
        ctx.setTransform(device.scale, 0, 0, device.scale, device.ox, device.oy);
        this.layer.draw(ctx, flat, device);
        if (k !== 1 || this.scene.periodic) {
            drawBox(ctx, box, top, this.scene.periodic);
        }
        drawSegments(ctx, this.segments, top);
        drawPoints(ctx, this.scene.points, top);
        if (this.tracked) {
            const slot = this.trackedSlot(flat);
            if (slot !== null) {
                this.trail.push({ x: flat[slot], y: flat[slot + 1], r: this.tracked.r });
            }
            if (this.trail.length > 4000) {
                this.trail.splice(0, this.trail.length - 4000);
            }
        }
        drawTrail(ctx, this.trail, top);
        ctx.setTransform(pixels, 0, 0, pixels, 0, 0);
        return flat;
    }

    // The tracked circle's place in the export (found again if it moved).
    trackedSlot(flat) {
        const t = this.tracked;
        if (t.slot !== null && t.slot < flat.length && flat[t.slot + 4] === t.r && flat[t.slot + 5] === t.mass) {
            return t.slot;
        }
        t.slot = null;
        return null;
    }

    // Adds a fast circle at a free spot near `from` (world units); returns its add result.
    place(from, vx, vy, r, mass) {
        let result = null;
        // In a crowd the press point is often taken: look for the nearest free spot around it,
        // on rings a third of a radius apart.
        for (let ring = 0; ring <= 24; ring++) {
            const spots = ring === 0 ? 1 : 6 * ring;
            for (let k = 0; k < spots; k++) {
                const angle = (2 * Math.PI * k) / spots;
                const x = from.x + (ring * r / 3) * Math.cos(angle);
                const y = from.y + (ring * r / 3) * Math.sin(angle);
                result = this.circol.addCircle(x, y, vx, vy, r, mass);
                if (result.status === 0) {
                    return { ...result, x, y };
                }
            }
        }
        return result;
    }

    // Fires a fast circle from a point (world units) in the direction (dx, dy).
    fire(from, dx, dy) {
        if (Math.hypot(dx, dy) < 1) {
            ({ dx, dy } = this.aim);
        }
        this.aim = { dx, dy };
        const length = Math.hypot(dx, dy);
        // No larger than the scene's smallest circles: in a dense scene the gaps between them are
        // narrower than a circle of radius FAST_RADIUS, which would then find no free spot.
        // FAST_RADIUS and FAST_SPEEDS are in the drawing's units: a scene file's world may be
        // drawn at another scale
        const k = this.view.k;
        const r = Math.min(FAST_RADIUS / k, this.baseRadius);
        // masses go as r^2, as the scene's
        const mass = (this.scene.massPerArea ?? FAST_MASS / FAST_RADIUS ** 2) * r * r;
        const energy = FAST_SHARE * this.startEnergy;
        const speed = Math.min(Math.max(Math.sqrt(2 * energy / mass), FAST_SPEEDS[0] / k), FAST_SPEEDS[1] / k);
        const result = this.place(from, speed * dx / length, speed * dy / length, r, mass);
        if (result.status !== 0) {
            this.statusText = `fast circle: ${this.circol.statusString(result.status)}`;
            return;
        }
        this.circol.track(result.index, result.generation);
        this.fired.push({ index: result.index, generation: result.generation });
        const flat = this.circol.exportCircles();
        this.tracked = { r, mass, slot: null };
        for (let i = 0; i < flat.length; i += 6) {
            if (flat[i] === result.x && flat[i + 1] === result.y && flat[i + 4] === r) {
                this.tracked.slot = i;
            }
        }
        this.trail = [];
        this.statusText = '';
        $('clear').disabled = false;
    }

    // Takes every fired circle out of the world.
    clearFired() {
        for (const id of this.fired) {
            this.circol.removeCircle(id.index, id.generation);
        }
        this.fired = [];
        this.tracked = null;
        this.trail = [];
        $('clear').disabled = true;
        this.refresh(performance.now());
    }

    setPaused(paused) {
        this.paused = paused;
        $('pause').textContent = paused ? 'Play' : 'Pause';
        $('pause').setAttribute('aria-pressed', String(paused));
    }

    // "Heat up": back to the starting temperature at least, and twice the energy now at least,
    // so that the button heats a scene that has not cooled too.
    heat() {
        let stats = this.circol.stats();
        if (stats.kineticEnergy < 0.1 * this.startEnergy || stats.kineticEnergy === 0) {
            // a pile at rest (or nearly): scaling zero velocities would do nothing, so kick it
            this.circol.kick(Math.sqrt(5));
            stats = this.circol.stats();
        }
        if (stats.kineticEnergy > 0) {
            const target = Math.max(this.startEnergy, 2 * stats.kineticEnergy);
            this.circol.scaleVelocities(Math.sqrt(target / stats.kineticEnergy));
        }
    }

    wire() {
        wireControls(this);
        wireAim(this);
    }

    // For tests and tools.
    demo() {
        return {
            circol: this.circol,
            page: this,
            get collisions() {
                return this.circol.stats().collisions;
            },
            timings: this.timings,
            settings: () => ({ ...this.settings }),
            paused: () => this.paused,
            ready: true,
        };
    }
}

// The buttons, the sliders and the presets.
function wireControls(page) {
    for (const id of SLIDERS) {
        $(id).addEventListener('change', () => page.build());
        $(id).addEventListener('input', () => showSetting(id, Number($(id).value)));
    }
    $('preset').addEventListener('change', () => {
        setSliders(SCENES[$('preset').value].values);
        page.build();
    });
    $('speed').addEventListener('input', () => {
        page.settings.speed = Number($('speed').value);
        $('speed-value').textContent = `×${fmt(10 ** page.settings.speed, 2)}`;
        $('speed').setAttribute('aria-valuetext', `${fmt(10 ** page.settings.speed, 2)} times`);
        writeQuery(page.settings);
    });
    $('pause').addEventListener('click', () => page.setPaused(!page.paused));
    const step = (run) => {
        page.setPaused(true);
        page.advance(run, performance.now());
        page.refresh(performance.now());
    };
    // a step may take longer than a frame's budget, but not for ever
    $('step').addEventListener('click', () => step(() => page.advanceBy(STEP, 250)));
    $('step-event').addEventListener('click', () => step(() => page.circol.advanceCollisions(1, 1)));
    $('reset').addEventListener('click', () => page.build());
    $('heat').addEventListener('click', () => page.heat());
    $('clear').addEventListener('click', () => page.clearFired());
    $('check-overlap').addEventListener('click', () => page.showOverlap(performance.now(), true));
    $('share').addEventListener('click', () => {
        const done = (text) => {
            page.statusText = text;
        };
        navigator.clipboard?.writeText(location.href)
            .then(() => done('link copied'), () => done('the address bar holds the link'));
    });
}

// Click and drag to aim: fires a fast circle from the press point. Only the main button aims,
// and the pointer is captured, so a release outside the canvas ends this press too. The
// keyboard: Enter (or Space) fires from the middle of the box in the last direction.
function wireAim(page) {
    const canvas = page.stage.canvas;
    let press = null;
    const toWorld = (event) => {
        const p = page.stage.local(event);
        const { k, ux, uy, top } = page.view;
        return { x: (p.x - ux) / k, y: top - (p.y - uy) / k };
    };
    canvas.addEventListener('pointerdown', (event) => {
        if (event.button !== 0) {
            return;
        }
        press = toWorld(event);
        canvas.setPointerCapture?.(event.pointerId);
    });
    canvas.addEventListener('pointerup', (event) => {
        if (!press || event.button !== 0) {
            return;
        }
        const to = toWorld(event);
        const from = press;
        press = null;
        page.fire(from, to.x - from.x, to.y - from.y);
    });
    canvas.addEventListener('pointercancel', () => {
        press = null;
    });
    canvas.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            const [x0, y0, x1, y1] = page.view.box;
            page.fire({ x: (x0 + x1) / 2, y: (y0 + y1) / 2 }, 0, 0);
        }
    });
}

main().catch(showFatal);
