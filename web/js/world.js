// Page 3: the event-driven world. The library moves every circle from collision to collision in
// a Web Worker (world-worker.js), which owns the world; a second worker (world-paint.js) draws
// the latest snapshot of it on the page's canvases. This page passes the snapshots on, shows the
// statistics, and sends the controls' commands: its thread is left to input.
import { Stage, fmt, showFatal } from './ui.js';
import { loadSceneFiles } from './scene-files.js';
import { WorldClient } from './world-client.js';
import { startPainter } from './world-paint.js';
import { BOX, HEIGHT, SCENES, viewOf } from './world-scenes.js';

const $ = (id) => document.getElementById(id);
// Shown while the worker's advances reach their budget (world time then falls behind).
const SLOWED = 'slowed down: too many collisions per frame';
const SLIDERS = ['count', 'spread', 'restitution', 'gravity', 'damping'];
// Above LARGE circles the histogram is drawn less often, and the largest overlap (a pass over
// every pair of neighbours, tens of milliseconds there) is found only on demand; below, the
// worker finds it twice a second.
const CHART_EVERY = 100;
const CHART_EVERY_LARGE = 250;
const LARGE = 10000;
const STATS_EVERY = 250; // the table's refresh (milliseconds) while no new snapshot comes

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
    const files = await loadSceneFiles(new URL('../scenes/', import.meta.url));
    const groups = ['generated', 'scene files (their own world: sliders off)'].map((label) => Object.assign(document.createElement('optgroup'), { label }));
    for (const [key, scene] of Object.entries(SCENES)) {
        if (!scene.file || files[key]) {
            groups[scene.file ? 1 : 0].append(new Option(scene.label, key));
        }
    }
    $('preset').append(...groups);
    let page = null;
    const client = await WorldClient.start(files, {
        onSnapshot: (snapshot) => page.receive(snapshot),
        onReplies: () => page.dropPending(),
    });
    page = new WorldPage(client);
    applyQuery();
    page.wire();
    await page.build();
    window.demo = page.demo();
    requestAnimationFrame((now) => page.frame(now));
}

class WorldPage {
    constructor(client) {
        this.client = client;
        const canvas = $('stage');
        this.stage = new Stage(canvas, BOX, HEIGHT, () => this.resized(), { draws: false });
        // the backing store's first size is set here: once handed over, only the painter sizes it
        canvas.width = this.stage.w;
        canvas.height = this.stage.h;
        this.painter = startPainter(canvas, $('histogram'), (answer) => this.drawn(answer));
        if (typeof ResizeObserver === 'function') {
            new ResizeObserver(() => this.resized()).observe($('histogram'));
        }
        this.resized();
        this.painting = false; // a frame is with the painter
        this.paused = false;
        this.shown = null; // the snapshot drawn last (its statistics: its circles are the painter's)
        this.pending = null; // the newest snapshot, drawn at the next frame
        this.track = []; // the tracked circle's collisions in the snapshots not yet drawn
        this.stats = null; // the newest statistics
        this.frames = []; // {now, time, collisions} of the last second's frames
        // milliseconds spent in each part of the frames so far, and their number; the worker's
        // advances and exports so far (for measurements)
        this.timings = { frames: 0, draw: 0, chart: 0, snapshots: 0, advance: 0, export: 0 };
        this.aim = { dx: 1, dy: 0.37 }; // the last direction fired, for the keyboard
        this.slowedUntil = 0;
        this.frameMs = 1000 / 60; // the time between animation frames (a running mean)
        this.statsAt = -Infinity; // when the table was last refreshed
    }

    // A fresh world with the controls' scene; also what "Reset" does. Resolves to what the
    // worker built.
    build() {
        const s = readSettings();
        this.settings = s;
        writeQuery(s);
        this.building = this.client.call('build', s).then((built) => this.built(s, built));
        return this.building;
    }

    // The page set for a scene the worker built with settings s.
    built(s, built) {
        this.statusText = built.statusText;
        this.scene = built;
        this.view = viewOf(built.box);
        this.stats = built.stats;
        this.startEnergy = built.startEnergy;
        this.track = [];
        this.painter.post({
            type: 'scene', view: this.view, periodic: built.periodic, segments: built.segments,
            points: built.points,
        });
        this.frames = [];
        this.slowedUntil = 0;
        $('overlap').textContent = '-';
        $('check-overlap').hidden = true; // the next refresh shows it again for a large scene
        this.chartAt = -Infinity;
        for (const id of SLIDERS) {
            showSetting(id, built.shown?.[id] ?? s[id], built.added);
        }
        showSpeed(s.speed);
        enableSliders(s);
        for (const id of built.shown ? SLIDERS : []) {
            $(id).disabled = true; // a scene file sets its own world
        }
        $('clear').disabled = true;
        this.showStatus(performance.now());
        return built;
    }

    // A snapshot from the worker: what happened since the last one is taken in now, the circles
    // are drawn at the next frame (a newer snapshot replaces one not drawn yet).
    receive(snapshot) {
        this.dropPending();
        this.pending = snapshot;
        this.stats = snapshot.stats;
        Object.assign(this.timings, { advance: snapshot.advanceMs, export: snapshot.exportMs });
        this.timings.snapshots++;
        const now = performance.now();
        if (snapshot.slowed) {
            this.slowedUntil = now + 1000;
        }
        if (snapshot.status !== '') {
            this.statusText = snapshot.status;
        }
        this.track.push(...snapshot.track);
        if (snapshot.overlap !== null && snapshot.stats.circles <= LARGE) {
            $('overlap').textContent = fmt(snapshot.overlap, 3);
        }
    }

    // The snapshot not drawn yet, from before a command's reply, is not drawn.
    dropPending() {
        if (this.pending) {
            this.client.giveBack(this.pending.flat, false);
            this.pending = null;
        }
    }

    // The drawing's and the chart's sizes, to the painter (which draws the last snapshot again).
    resized() {
        const chart = $('histogram');
        this.painter?.post({
            type: 'size', stage: { w: this.stage.w, h: this.stage.h, pixels: this.stage.pixels },
            chart: { width: chart.clientWidth, height: chart.clientHeight, ratio: window.devicePixelRatio || 1 },
        });
    }

    // The painter's answer to a frame: the snapshot it drew before goes back to the world's worker.
    drawn({ flat, drawMs, chartMs }) {
        this.painting = false;
        this.timings.draw += drawMs;
        this.timings.chart += chartMs;
        this.timings.frames++;
        document.body.dataset.ready = 'true';
        if (flat) {
            this.client.giveBack(flat, false);
        }
    }

    // One animation frame: has the newest snapshot drawn, if there is one not drawn yet and the
    // painter is done with the last, and asks the world's worker for the next.
    frame(now) {
        if (this.lastFrame !== undefined) {
            // a running mean, a stall (a hidden page) counted as a tenth of a second at most
            this.frameMs = 0.9 * this.frameMs + 0.1 * Math.min(now - this.lastFrame, 100);
        }
        this.lastFrame = now;
        if (this.pending && !this.painting) {
            this.shown = this.pending;
            this.pending = null;
            this.refresh(now);
            this.client.giveBack(null, true, this.frameMs);
        } else if (this.frames.length > 0 && now - this.statsAt >= STATS_EVERY) {
            this.showStats(this.shown.stats, now); // paused: the rates fall, the status changes
        }
        requestAnimationFrame((t) => this.frame(t));
    }

    // Hands the shown snapshot's circles to the painter and updates the readouts.
    refresh(now) {
        const { flat, stats } = this.shown;
        this.frames.push({ now, time: stats.time, collisions: stats.collisions });
        while (this.frames.length > 2 && now - this.frames[0].now > 1000) {
            this.frames.shift();
        }
        const large = stats.circles > LARGE;
        const chart = now - this.chartAt >= (large ? CHART_EVERY_LARGE : CHART_EVERY);
        if (chart) {
            this.chartAt = now;
        }
        this.painting = true;
        this.painter.post({ type: 'frame', flat, track: this.track, energy: stats.kineticEnergy, chart },
            [flat.buffer]);
        this.track = [];
        if ($('check-overlap').hidden !== !large) {
            $('check-overlap').hidden = !large;
            $('overlap').textContent = large ? 'on demand' : '-';
        }
        this.showStats(stats, now);
    }

    // The largest overlap now, with the world time it was found at.
    async showOverlap() {
        const { overlap, time } = await this.client.call('overlap');
        $('overlap').textContent = `${fmt(overlap, 3)} at t = ${fmt(time, 2)}`;
    }

    // The live table.
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
        this.statsAt = now;
        this.showStatus(now);
    }

    // The status line: a refusal, paused, slowed down.
    showStatus(now) {
        const notes = [this.statusText, this.paused ? 'paused' : '',
            now < this.slowedUntil ? SLOWED : ''].filter((note) => note !== '');
        const shown = notes.join('; ');
        if ($('status').textContent !== shown) {
            $('status').textContent = shown; // a live region: changed only when it changes
        }
    }

    // Fires a fast circle from a point (world units) in the direction (dx, dy); resolves when
    // the worker has added it (or refused).
    async fire(from, dx, dy) {
        if (Math.hypot(dx, dy) < 1) {
            ({ dx, dy } = this.aim);
        }
        this.aim = { dx, dy };
        const result = await this.client.call('fire', from, dx, dy, this.view.k);
        this.statusText = result.status;
        if (result.status === '') {
            this.setTracked({ r: result.r, mass: result.mass, slot: result.slot });
            $('clear').disabled = false;
        }
        return result;
    }

    // The circle whose path is drawn (null: none); its collisions before are not drawn.
    setTracked(tracked) {
        this.track = [];
        this.painter.post({ type: 'track', tracked });
    }

    // Takes every fired circle out of the world.
    clearFired() {
        this.setTracked(null);
        $('clear').disabled = true;
        return this.client.call('clearFired');
    }

    setPaused(paused) {
        this.paused = paused;
        $('pause').textContent = paused ? 'Play' : 'Pause';
        $('pause').setAttribute('aria-pressed', String(paused));
        return this.client.call('run', paused, this.settings.speed);
    }

    // Pauses and runs a step command of the worker's.
    step(command) {
        this.setPaused(true);
        return this.client.call(command);
    }

    // "Heat up" (in the worker); resolves to the statistics just after.
    heat() {
        return this.client.call('heat');
    }

    wire() {
        wireControls(this);
        wireAim(this);
    }

    // For tests and tools. circol: the module's methods, run by the worker, each returning a
    // promise; stats(): the newest snapshot's statistics, at once.
    demo() {
        const page = this;
        return {
            circol: this.client.circol,
            page,
            get collisions() {
                return page.stats.collisions;
            },
            stats: () => page.stats,
            timings: this.timings,
            // the drawing's times in timings are a drawing worker's, not the page's thread's
            drawsOffscreen: this.painter.offscreen,
            settings: () => ({ ...this.settings }),
            paused: () => this.paused,
            // the first snapshot is drawn
            get ready() {
                return page.timings.frames > 0;
            },
        };
    }
}

// The speed's value beside its slider and for assistive technology.
function showSpeed(speed) {
    $('speed-value').textContent = `×${fmt(10 ** speed, 2)}`;
    $('speed').setAttribute('aria-valuetext', `${fmt(10 ** speed, 2)} times`);
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
        showSpeed(page.settings.speed);
        page.setPaused(page.paused);
        writeQuery(page.settings);
    });
    $('pause').addEventListener('click', () => page.setPaused(!page.paused));
    $('step').addEventListener('click', () => page.step('step'));
    $('step-event').addEventListener('click', () => page.step('stepCollision'));
    $('reset').addEventListener('click', () => page.build());
    $('heat').addEventListener('click', () => page.heat());
    $('clear').addEventListener('click', () => page.clearFired());
    $('check-overlap').addEventListener('click', () => page.showOverlap());
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
