// Page 3: the event-driven world. The library moves every circle from collision to collision;
// this file builds the scene, draws it and plots the statistics.
import { EVENT_LIMIT } from './circol.js';
import { COLORS, drawCircle, fmt, loadPageModule, setupCanvas, showFatal } from './ui.js';

const $ = (id) => document.getElementById(id);
const BOX = 100; // the box is BOX wide; its height follows the canvas
// The most events one frame may process (at a few microseconds each, about a tenth of a second
// of work). A scene that needs more per frame runs slower in world time instead of blocking the
// page for ever longer frames.
const EVENTS_PER_FRAME = 20000;
// Shown while frames reach that budget.
const SLOWED = 'slowed down: too many collisions per frame';
// The fast circle's radius and mass, when the scene's circles leave room for it.
const FAST_RADIUS = 0.8;
const FAST_MASS = 4;

// A small seeded generator so a scene is the same each time it is built.
function random(seed) {
    let s = seed >>> 0;
    return () => {
        s = (s + 0x6d2b79f5) >>> 0;
        let t = s;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

async function main() {
    const circol = await loadPageModule();
    if (!circol.hasWorld()) {
        throw new Error('this build has no world');
    }
    const canvas = $('stage');
    let view = setupCanvas(canvas);
    const chart = setupCanvas($('histogram'));
    const height = BOX * view.height / view.width;
    const scale = view.width / BOX;
    let settings = {};
    let tracked = null;
    let trail = [];
    let rateWindow = [];
    let statusText = '';
    let slowedUntil = 0; // the frame time until which the SLOWED note stays up
    let startEnergy = 0; // the scene's kinetic energy when built: what "Heat up" returns to
    let baseRadius = FAST_RADIUS; // the scene's smallest circle radius

    function build() {
        settings = {
            count: Math.round(10 ** Number($('count').value)),
            spread: Number($('spread').value),
            restitution: Number($('restitution').value),
            gravity: Number($('gravity').value),
            damping: Number($('damping').value),
        };
        const damping = settings.gravity > 0 ? 0 : settings.damping; // the world takes one of them
        const status = circol.createWorld({
            width: BOX, height, periodic: false, gravity: { x: 0, y: -settings.gravity },
            damping, restitution: settings.restitution, maxEventsPerAdvance: EVENTS_PER_FRAME,
        });
        statusText = status === 0 ? (settings.gravity > 0 && settings.damping > 0 ? 'damping off under gravity' : '') : circol.statusString(status);
        const next = random(12345);
        const side = Math.ceil(Math.sqrt(settings.count * BOX / height));
        const cell = BOX / side;
        const base = cell * 0.3 / (1 + settings.spread);
        baseRadius = base;
        let added = 0;
        for (let i = 0; added < settings.count && i < 4 * settings.count; i++) {
            const col = i % side;
            const row = Math.floor(i / side);
            if ((row + 0.5) * cell > height) {
                break;
            }
            const r = base * (1 + settings.spread * next());
            const angle = 2 * Math.PI * next();
            const speed = 10 * Math.sqrt(-2 * Math.log(1 - next()) / 2);
            const result = circol.addCircle((col + 0.5) * cell, (row + 0.5) * cell,
                speed * Math.cos(angle), speed * Math.sin(angle), r, r * r);
            added += result.status === 0 ? 1 : 0;
        }
        tracked = null;
        trail = [];
        rateWindow = [];
        slowedUntil = 0;
        startEnergy = circol.stats().kineticEnergy;
        for (const id of ['count', 'spread', 'restitution', 'gravity', 'damping']) {
            showSetting(id, settings[id], added);
        }
    }

    // A slider's value beside it and for assistive technology (the count's slider is on a log
    // scale: its own value is an exponent). Shown while it is dragged too, before the rebuild on
    // release; after it, the count is the number of circles the box took.
    function showSetting(id, value, added) {
        const text = id === 'count'
            ? String(added ?? Math.round(10 ** value)) : fmt(value, 2);
        $(`${id}-value`).textContent = text;
        $(id).setAttribute('aria-valuetext', id === 'count' ? `${text} circles` : text);
    }

    const toScreen = (x, y) => ({ x: x * scale, y: view.height - y * scale });

    function draw(flat) {
        const { ctx, width } = view;
        ctx.clearRect(0, 0, width, view.height);
        ctx.fillStyle = 'rgba(79, 195, 247, 0.85)';
        ctx.beginPath();
        for (let i = 0; i < flat.length; i += 6) {
            const p = toScreen(flat[i], flat[i + 1]);
            const r = Math.max(flat[i + 4] * scale, 0.7);
            ctx.moveTo(p.x + r, p.y);
            ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
        }
        ctx.fill();
        if (trail.length > 1) {
            ctx.beginPath();
            ctx.strokeStyle = COLORS.normal;
            ctx.lineWidth = 1.5;
            let pen = false;
            for (const q of trail) {
                if (q.gap) {
                    pen = false;
                    continue;
                }
                const p = toScreen(q.x, q.y);
                if (pen) {
                    ctx.lineTo(p.x, p.y);
                } else {
                    ctx.moveTo(p.x, p.y);
                    pen = true;
                }
            }
            ctx.stroke();
            const last = trail.at(-1);
            if (!last.gap) {
                drawCircle(ctx, toScreen(last.x, last.y), last.r * scale, COLORS.normal, { fill: COLORS.normal });
            }
        }
    }

    function histogram(flat, energy) {
        const { ctx, width, height: h } = chart;
        ctx.clearRect(0, 0, width, h);
        const n = flat.length / 6;
        if (n === 0 || !(energy > 0)) {
            return;
        }
        const kT = energy / n; // 2D: mean kinetic energy per circle is kT
        let totalMass = 0;
        for (let i = 0; i < flat.length; i += 6) {
            totalMass += flat[i + 5];
        }
        const vMax = 3.5 * Math.sqrt(2 * kT * n / totalMass);
        const bins = 30;
        const counts = new Array(bins).fill(0);
        for (let i = 0; i < flat.length; i += 6) {
            const v = Math.hypot(flat[i + 2], flat[i + 3]);
            counts[Math.min(bins - 1, Math.floor(v / vMax * bins))]++;
        }
        // expected count per bin: the mixture of each circle's 2D Maxwell-Boltzmann density
        const dv = vMax / bins;
        const expected = new Array(bins).fill(0);
        for (let i = 0; i < flat.length; i += 6) {
            const s2 = kT / flat[i + 5];
            for (let b = 0; b < bins; b++) {
                const v = (b + 0.5) * dv;
                expected[b] += v / s2 * Math.exp(-v * v / (2 * s2)) * dv;
            }
        }
        const top = Math.max(...counts, ...expected) * 1.1;
        ctx.fillStyle = 'rgba(79, 195, 247, 0.7)';
        counts.forEach((c, b) => {
            const barHeight = c / top * h;
            ctx.fillRect(b * width / bins + 1, h - barHeight, width / bins - 2, barHeight);
        });
        ctx.beginPath();
        ctx.strokeStyle = COLORS.b;
        ctx.lineWidth = 2;
        expected.forEach((e, b) => {
            const x = (b + 0.5) * width / bins;
            const y = h - e / top * h;
            if (b === 0) {
                ctx.moveTo(x, y);
            } else {
                ctx.lineTo(x, y);
            }
        });
        ctx.stroke();
    }

    let last = performance.now();
    function frame(now) {
        const elapsed = Math.max(0, Math.min((now - last) / 1000, 0.1));
        last = now;
        const status = circol.advance(elapsed);
        if (status === EVENT_LIMIT) {
            // not an error: the world stopped early, consistent, and goes on from there next frame
            slowedUntil = now + 1000;
        } else if (status !== 0) {
            statusText = circol.statusString(status);
        }
        for (const q of circol.takeTrack()) {
            // a gap (collisions not kept): no line across it
            trail.push(q.gap ? { gap: true } : { x: q.x, y: q.y, r: tracked?.r ?? 1 });
        }
        const flat = circol.exportCircles();
        const stats = circol.stats();
        if (tracked && tracked.slot < flat.length) {
            trail.push({ x: flat[tracked.slot], y: flat[tracked.slot + 1], r: tracked.r });
            if (trail.length > 4000) {
                trail.splice(0, trail.length - 4000);
            }
        }
        rateWindow.push({ now, collisions: stats.collisions });
        while (rateWindow.length > 2 && now - rateWindow[0].now > 1000) {
            rateWindow.shift();
        }
        const span = (rateWindow.at(-1).now - rateWindow[0].now) / 1000;
        const rate = span > 0 ? (rateWindow.at(-1).collisions - rateWindow[0].collisions) / span : 0;
        draw(flat);
        histogram(flat, stats.kineticEnergy);
        $('time').textContent = fmt(stats.time, 2);
        $('collisions').textContent = String(stats.collisions);
        $('rate').textContent = fmt(rate, 0);
        $('energy').textContent = fmt(stats.kineticEnergy, 1);
        $('overlap').textContent = fmt(circol.maxOverlap(), 3);
        const notes = [statusText, now < slowedUntil ? SLOWED : ''].filter((note) => note !== '');
        const shown = notes.join('; ');
        if ($('status').textContent !== shown) {
            $('status').textContent = shown; // a live region: changed only when it changes
        }
        window.demo.collisions = stats.collisions;
        requestAnimationFrame(frame);
    }

    // Fires a fast circle from a point (world units) in the direction (dx, dy).
    let aim = { dx: 1, dy: 0.37 }; // the last direction, for the keyboard
    function fire(from, dx, dy) {
        if (Math.hypot(dx, dy) < 1) {
            ({ dx, dy } = aim);
        }
        aim = { dx, dy };
        const length = Math.hypot(dx, dy);
        const speed = 2000; // the box is crossed in a twentieth of a time unit
        // No larger than the scene's smallest circles: in a dense scene the gaps between them are
        // narrower than a circle of radius FAST_RADIUS, which would then find no free spot.
        const r = Math.min(FAST_RADIUS, baseRadius);
        const mass = FAST_MASS * (r / FAST_RADIUS) ** 2; // masses go as r^2, as the scene's
        // In a crowd the press point is often taken: look for the nearest free spot around it,
        // on rings a third of a radius apart.
        let result = null;
        for (let ring = 0; ring <= 24; ring++) {
            const spots = ring === 0 ? 1 : 6 * ring;
            for (let k = 0; k < spots; k++) {
                const angle = (2 * Math.PI * k) / spots;
                const x = from.x + (ring * r / 3) * Math.cos(angle);
                const y = from.y + (ring * r / 3) * Math.sin(angle);
                result = circol.addCircle(x, y, speed * dx / length, speed * dy / length, r, mass);
                if (result.status === 0) {
                    break;
                }
            }
            if (result.status === 0) {
                break;
            }
        }
        if (result.status !== 0) {
            statusText = `fast circle: ${circol.statusString(result.status)}`;
            return;
        }
        circol.track(result.index, result.generation);
        const flat = circol.exportCircles();
        tracked = { r, slot: null };
        // find its slot: the circle with the new velocity
        for (let i = 0; i < flat.length; i += 6) {
            if (Math.abs(Math.hypot(flat[i + 2], flat[i + 3]) - speed) < 1e-6 && flat[i + 4] === r) {
                tracked.slot = i;
            }
        }
        trail = [];
        statusText = '';
    }

    // Click and drag to aim: fires a fast circle from the press point. Only the main button
    // aims, and the pointer is captured, so a release outside the canvas ends this press too.
    let press = null;
    const toWorld = (event) => {
        const rect = canvas.getBoundingClientRect();
        return { x: (event.clientX - rect.left) / scale, y: (view.height - (event.clientY - rect.top)) / scale };
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
        fire(from, to.x - from.x, to.y - from.y);
    });
    canvas.addEventListener('pointercancel', () => {
        press = null;
    });
    // The keyboard: Enter (or Space) fires from the middle of the box in the last direction.
    canvas.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            fire({ x: BOX / 2, y: height / 2 }, 0, 0);
        }
    });

    for (const id of ['count', 'spread', 'restitution', 'gravity', 'damping']) {
        $(id).addEventListener('change', build);
        $(id).addEventListener('input', () => showSetting(id, Number($(id).value)));
    }
    $('heat').addEventListener('click', () => {
        let stats = circol.stats();
        // Back to the starting temperature at least, and twice the energy now at least, so that
        // the button heats a scene that has not cooled too. (The circles' masses are r^2 and r
        // shrinks with the count, so the starting energy is no multiple of the count.)
        if (stats.kineticEnergy < 0.1 * startEnergy) {
            // a pile at rest (or nearly): scaling zero velocities would do nothing, so kick it
            circol.kick(Math.sqrt(5));
            stats = circol.stats();
        }
        if (stats.kineticEnergy > 0) {
            const target = Math.max(startEnergy, 2 * stats.kineticEnergy);
            circol.scaleVelocities(Math.sqrt(target / stats.kineticEnergy));
        }
    });
    window.addEventListener('resize', () => {
        view = setupCanvas(canvas);
    });
    window.demo = { circol, collisions: 0, ready: true };
    build();
    document.body.dataset.ready = 'true';
    requestAnimationFrame(frame);
}

main().catch(showFatal);
