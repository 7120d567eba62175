// The pages in headless Chromium (Debian's): they load without console errors, dragging a
// velocity handle gives the time of impact an independent formula predicts, and screenshots.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { drag, finish, launch, open as openPage, pixel, setSlider } from './browser.mjs';
import { webDir } from './native.mjs';

const shotDir = process.env.CIRCOL_SCREENSHOT_DIR ?? join(webDir, 'build', 'screenshots');
// The world page's status line when nothing was refused: empty, or only saying that a machine too
// busy to keep up slowed the world down (no error: the world goes on from there).
const NO_REFUSAL = /^(slowed down: too many collisions per frame)?$/;
let session;
let baseUrl;

before(async () => {
    session = await launch();
    ({ baseUrl } = session);
    mkdirSync(shotDir, { recursive: true });
});

after(async () => {
    await session?.close();
});

test('a malformed URL gets a 404 and the server goes on serving', async () => {
    assert.equal((await fetch(`${baseUrl}%`)).status, 404);
    assert.equal((await fetch(`${baseUrl}%E0%A4%A`)).status, 404);
    assert.equal((await fetch(baseUrl)).status, 200);
});

test('HEAD gets a GET\'s headers, a folder is not found, and other methods are refused', async () => {
    const get = await fetch(`${baseUrl}pair.html`);
    const head = await fetch(`${baseUrl}pair.html`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), get.headers.get('content-length'));
    assert.equal(head.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(await head.text(), '');
    assert.equal((await fetch(`${baseUrl}js`)).status, 404);
    const post = await fetch(`${baseUrl}pair.html`, { method: 'POST', body: 'x' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
});

// Opens a page and collects its console errors and uncaught exceptions.
const open = (path) => openPage(session, path, { wait: false });

// First contact time of two circles moving with constant velocities, by the textbook quadratic
// in plain JavaScript doubles (an oracle independent of the library); null for no contact.
function contactTime(a, b) {
    // b relative to a: its position p and velocity v; contact when |p + v t| = R, that is
    // qa t^2 + 2 qb t + qc = 0
    const p = { x: b.x - a.x, y: b.y - a.y };
    const v = { x: b.vx - a.vx, y: b.vy - a.vy };
    const dot = (u, w) => u.x * w.x + u.y * w.y;
    const R = a.r + b.r;
    const [qa, qb, qc] = [dot(v, v), dot(p, v), dot(p, p) - R * R];
    if (qc <= 0) {
        return 0;
    }
    const d = qb * qb - qa * qc;
    if (qa === 0 || d < 0 || qb >= 0) {
        return null;
    }
    return (-qb - Math.sqrt(d)) / qa;
}

test('the index page loads without console errors', async () => {
    const { page, errors } = await open('index.html');
    assert.equal(await page.locator('.card').count(), 3);
    await finish(page, errors);
});

test('two circles: dragging A\'s velocity moves the time of impact where the quadratic says', async () => {
    const { page, errors } = await open('pair.html');
    await page.waitForFunction(() => window.demo?.ready === true);
    const before = await page.textContent('#t');
    const handles = await page.evaluate(() => window.demo.handles());
    const from = handles['a-velocity'];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 30, { steps: 5 });
    await page.mouse.move(from.x + 80, from.y + 60, { steps: 5 });
    await page.mouse.up();
    const bodies = await page.evaluate(() => window.demo.bodies());
    const shown = await page.textContent('#t');
    assert.notEqual(shown, before, 'the time of impact did not change');
    const expected = contactTime(bodies.a, bodies.b);
    assert.ok(expected !== null && expected <= 1, `the dragged scene should still hit (${expected})`);
    assert.ok(Math.abs(Number(shown) - expected) <= 1e-6, `shown ${shown}, expected ${expected}`);
    const t = await page.evaluate(() => window.demo.result().hit.t);
    assert.ok(Math.abs(t - expected) <= 1e-12 * Math.max(1, expected));
    await finish(page, errors, join(shotDir, 'web-pair.png'));
});

test('two circles with B locked: an elastic bounce keeps A\'s speed (seed 003)', async () => {
    const { page, errors } = await open('pair.html?locked=1');
    await page.waitForFunction(() => window.demo?.ready === true);
    const { a, result } = await page.evaluate(() => ({ a: window.demo.bodies().a, result: window.demo.result() }));
    assert.ok(result.hit, 'the locked scene should hit');
    const before = Math.hypot(a.vx, a.vy);
    const afterSpeed = Math.hypot(result.aVelocity.x, result.aVelocity.y);
    assert.ok(Math.abs(afterSpeed - before) <= 1e-9 * before, `${afterSpeed} vs ${before}`);
    assert.deepEqual(result.bVelocity, { x: 0, y: 0 });
    // reflected about the tangent, as the page says: v - 2 (v . n) n, the normal part reversed
    const n = result.hit.normal;
    const vn = a.vx * n.x + a.vy * n.y;
    assert.ok(vn > 0, 'A approaches B');
    assert.ok(Math.abs(result.aVelocity.x - (a.vx - 2 * vn * n.x)) <= 1e-9 * before);
    assert.ok(Math.abs(result.aVelocity.y - (a.vy - 2 * vn * n.y)) <= 1e-9 * before);
    await finish(page, errors);
});

test('walls: every obstacle kind loads, and the segment scene bounces', async () => {
    for (const kind of ['line', 'point', 'circle', 'segment']) {
        const { page, errors } = await open(`walls.html?kind=${kind}`);
        await page.waitForFunction(() => window.demo?.ready === true);
        const state = await page.evaluate(() => window.demo.state());
        assert.equal(state.kind, kind);
        if (kind === 'segment') {
            const result = await page.evaluate(() => window.demo.result());
            assert.ok(result.hit, 'the starting scene hits the segment');
            assert.equal(await page.textContent('#t'), result.hit.t.toFixed(6));
            await page.screenshot({ path: join(shotDir, 'web-walls.png') });
        }
        assert.deepEqual(errors, [], `walls.html?kind=${kind}`);
        await page.close();
    }
});

test('world: the bundled default scene runs from its file, with its ramps, pegs and bumpers', async () => {
    const { page, errors } = await open('world.html?preset=default');
    await page.waitForFunction(() => window.demo?.ready === true);
    await page.waitForFunction(() => window.demo.stats().time > 1.5, null, { timeout: 60000 });
    const stats = await page.evaluate(() => window.demo.circol.stats());
    assert.ok(stats.collisions > 0 && stats.wallCollisions > 0, JSON.stringify(stats));
    assert.equal(await page.evaluate(() => window.demo.circol.maxOverlap()), 0);
    await finish(page, errors, join(shotDir, 'web-world-scene.png'));
});

test('world: a second of simulation has collisions, no overlap, and a fast circle can be fired', async () => {
    const { page, errors } = await open('world.html');
    await page.waitForFunction(() => window.demo?.ready === true);
    await page.waitForTimeout(1000);
    const collisions = await page.evaluate(() => window.demo.collisions);
    assert.ok(collisions > 0, `collisions after a second: ${collisions}`);
    const before = await page.evaluate(async () => (await window.demo.circol.stats()).circles);
    const box = await page.locator('#stage').boundingBox();
    await page.mouse.move(box.x + 100, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + 300, box.y + 180, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(500);
    const overlap = await page.evaluate(() => window.demo.circol.maxOverlap());
    assert.ok(overlap < 1e-6, `largest overlap ${overlap}`);
    await page.screenshot({ path: join(shotDir, 'web-world.png') });
    assert.deepEqual(errors, []);
    // the fast circle was added (next to the press point if a circle was there) and is tracked;
    // no refusal (a machine too busy to keep up may say the world is slowed down: no error)
    assert.match(await page.textContent('#status'), NO_REFUSAL);
    assert.equal(await page.evaluate(async () => (await window.demo.circol.stats()).circles), before + 1);
    await page.close();
});

// Without a budget of events per frame this scene's frames grew to many seconds each.
test('world: a dense inelastic pile under gravity keeps frames short and says it is slowed down', { timeout: 60000 }, async () => {
    const { page, errors } = await open('world.html');
    await page.waitForFunction(() => window.demo?.ready === true);
    await setSlider(page, 'count', 4.5);
    await setSlider(page, 'gravity', 50);
    await setSlider(page, 'restitution', 0.5);
    await page.evaluate(() => {
        window.gaps = [];
        window.notes = new Set();
        let last = performance.now();
        const watch = (now) => {
            window.gaps.push(now - last);
            window.notes.add(document.getElementById('status').textContent);
            last = now;
            requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
    });
    await page.waitForTimeout(4000);
    const { gaps, notes, time } = await page.evaluate(async () => ({
        gaps: window.gaps, notes: [...window.notes], time: (await window.demo.circol.stats()).time,
    }));
    const worst = Math.max(...gaps.slice(1));
    assert.ok(gaps.length >= 8, `only ${gaps.length} frames in 4 s`);
    assert.ok(worst < 1000, `a frame took ${worst.toFixed(0)} ms`);
    assert.ok(notes.some((note) => note.includes('slowed down')), `status: ${JSON.stringify(notes)}`);
    assert.ok(time > 0);
    assert.ok(await page.evaluate(() => window.demo.circol.maxOverlap()) < 1e-6);
    await finish(page, errors);
});

// Sets a slider, rebuilds, and returns the new scene's kinetic energy (as the worker built it,
// with no advance, and no collision, between the rebuild and the reading).
function rebuild(page, id, value) {
    return page.locator(`#${id}`).evaluate(async (element, v) => {
        element.value = v;
        element.dispatchEvent(new Event('input'));
        element.dispatchEvent(new Event('change'));
        return (await window.demo.page.building).stats.kineticEnergy;
    }, String(value));
}

// The target was 5 per circle, far below the default scene's energy (masses are r^2 and r
// shrinks with the count), so the button did nothing at most counts.
test('world: "Heat up" heats the default scene, and brings a cooled one back to its start', async () => {
    const { page, errors } = await open('world.html');
    await page.waitForFunction(() => window.demo?.ready === true);
    const energy = () => page.evaluate(async () => (await window.demo.circol.stats()).kineticEnergy);
    // the click and the reading in one task: the worker runs both with no advance (and no
    // collision) between them
    const heat = () => page.evaluate(async () => {
        document.getElementById('heat').click();
        return (await window.demo.circol.stats()).kineticEnergy;
    });
    // elastic, no gravity, no damping: the energy stays as built until the click
    const before = await energy();
    const after = await heat();
    assert.ok(Math.abs(after / before - 2) < 1e-6, `energy ${before} -> ${after}`);
    // an inelastic gas cools; heating brings it back to the energy it was built with
    const start = await rebuild(page, 'restitution', 0.5);
    await page.waitForFunction((e) => window.demo.stats().kineticEnergy < 0.4 * e, start);
    const heated = await heat();
    assert.ok(Math.abs(heated / start - 1) < 1e-6, `start ${start}, heated ${heated}`);
    // and the same at another count
    const start100 = await rebuild(page, 'count', 2);
    await page.waitForFunction((e) => window.demo.stats().kineticEnergy < 0.4 * e, start100);
    const heated100 = await heat();
    assert.ok(Math.abs(heated100 / start100 - 1) < 1e-6, `start ${start100}, heated ${heated100}`);
    await finish(page, errors);
});

// A fast circle of radius 0.8 found no free spot among the 0.09-radius circles of the densest
// scenes (their spacing is narrower than its diameter), so nothing could be fired there.
test('world: a fast circle can be fired among 31,623 circles too', async () => {
    const { page, errors } = await open('world.html');
    await page.waitForFunction(() => window.demo?.ready === true);
    await setSlider(page, 'count', 4.5);
    const before = await page.evaluate(async () => (await window.demo.circol.stats()).circles);
    assert.ok(before > 30000, `${before} circles`);
    const box = await page.locator('#stage').boundingBox();
    await page.mouse.move(box.x + 200, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 600, box.y + 320, { steps: 4 });
    await page.mouse.up();
    assert.equal(await page.evaluate(async () => (await window.demo.circol.stats()).circles), before + 1);
    await page.waitForTimeout(300);
    // (a scene this dense may be slowed down, which the status says too)
    assert.doesNotMatch(await page.textContent('#status'), /fast circle/);
    assert.ok(await page.evaluate(() => window.demo.circol.maxOverlap()) < 1e-6);
    await finish(page, errors);
});

test('two circles: a zero velocity can be grabbed again, and no handle leaves the canvas', async () => {
    const { page, errors } = await open('pair.html');
    await page.waitForFunction(() => window.demo?.ready === true);
    let handles = await page.evaluate(() => window.demo.handles());
    // A's velocity tip onto A's centre: velocity zero, both handles on one point
    await drag(page, handles['a-velocity'], handles['a-center']);
    let a = (await page.evaluate(() => window.demo.state())).a;
    assert.deepEqual({ vx: a.vx, vy: a.vy }, { vx: 0, vy: 0 });
    // pressing there takes the velocity (added after the centre), not the centre
    handles = await page.evaluate(() => window.demo.handles());
    await drag(page, handles['a-center'], { x: handles['a-center'].x + 150, y: handles['a-center'].y });
    const moved = (await page.evaluate(() => window.demo.state())).a;
    assert.deepEqual({ x: moved.x, y: moved.y, vx: moved.vx, vy: moved.vy }, { x: a.x, y: a.y, vx: 150, vy: 0 });
    // B's centre dragged to the window's corner stays on the canvas, on its corner pixel
    const box = await page.locator('#stage').boundingBox();
    handles = await page.evaluate(() => window.demo.handles());
    await drag(page, handles['b-center'], { x: 1275, y: 755 });
    const b = (await page.evaluate(() => window.demo.state())).b;
    assert.deepEqual({ x: b.x, y: b.y }, { x: box.width - 1, y: box.height - 1 });
    // and it can be dragged back (pressed within reach: the canvas's rounded corner itself
    // takes no pointer events)
    handles = await page.evaluate(() => window.demo.handles());
    await drag(page, { x: handles['b-center'].x - 5, y: handles['b-center'].y - 5 },
        { x: box.x + 495, y: box.y + 245 });
    a = (await page.evaluate(() => window.demo.state())).b;
    assert.deepEqual({ x: a.x, y: a.y }, { x: 495, y: 245 });
    await finish(page, errors);
});

test('walls: the red arrow is the normal the table shows, from the circle toward the wall', async () => {
    const { page, errors } = await open('walls.html');
    await page.waitForFunction(() => window.demo?.ready === true);
    const { point, normal } = (await page.evaluate(() => window.demo.result())).hit;
    const shown = (await page.textContent('#normal')).match(/-?[0-9.]+/g).map(Number);
    assert.ok(Math.abs(shown[0] - normal.x) < 1e-3 && Math.abs(shown[1] - normal.y) < 1e-3);
    const red = [0xef, 0x53, 0x50];
    const along = (k) => pixel(page, { x: point.x + k * normal.x, y: point.y + k * normal.y });
    assert.deepEqual(await along(40), red, 'the arrow along +normal');
    assert.notDeepEqual(await along(-40), red, 'nothing red along -normal');
    await finish(page, errors);
});

test('accessibility: the drawings are named images that take the keyboard focus; sliders say their values', async () => {
    for (const path of ['pair.html', 'walls.html', 'world.html']) {
        const { page, errors } = await open(path);
        await page.waitForFunction(() => window.demo?.ready === true);
        const stage = await page.locator('#stage').evaluate((c) => ({
            tabIndex: c.tabIndex, role: c.getAttribute('role'), label: c.getAttribute('aria-label'),
            described: document.getElementById(c.getAttribute('aria-describedby'))?.textContent ?? '',
        }));
        assert.equal(stage.tabIndex, 0, path);
        assert.equal(stage.role, 'img', path);
        assert.match(stage.described, /keyboard/, path);
        const tree = await page.locator('body').ariaSnapshot();
        assert.ok(tree.includes(`img "${stage.label}"`), `${path}: ${tree}`);
        // every slider's name is its label alone, not its label and its changing value
        for (const name of await page.locator('input[type=range]').evaluateAll((all) => all.map((e) => e.getAttribute('aria-label')))) {
            assert.ok(name && !/[0-9]/.test(name), `${path}: slider named ${name}`);
        }
        assert.deepEqual(errors, [], path);
        await page.close();
    }
    // the log-scale sliders give the value, not the exponent
    const { page, errors } = await open('pair.html');
    await page.waitForFunction(() => window.demo?.ready === true);
    assert.equal(await page.getAttribute('#mass-a', 'aria-valuetext'), '1.00');
    await page.locator('#mass-a').fill('1');
    assert.equal(await page.getAttribute('#mass-a', 'aria-valuetext'), '10.00');
    await page.close();
    const world = await open('world.html');
    await world.page.waitForFunction(() => window.demo?.ready === true);
    assert.equal(await world.page.getAttribute('#count', 'aria-valuetext'), '1000 circles');
    assert.equal(await world.page.getAttribute('#status', 'aria-live'), 'polite');
    // while a slider moves (input, no change yet) its value already shows
    await world.page.locator('#count').evaluate((e) => {
        e.value = '2';
        e.dispatchEvent(new Event('input'));
    });
    assert.equal(await world.page.textContent('#count-value'), '100');
    assert.equal(await world.page.getAttribute('#count', 'aria-valuetext'), '100 circles');
    assert.equal(await world.page.evaluate(async () => (await window.demo.circol.stats()).circles), 1000);
    assert.deepEqual([...errors, ...world.errors], []);
    await world.page.close();
});

test('keyboard: handles are picked by number and moved with the arrow keys; Enter fires on the world page', async () => {
    const { page, errors } = await open('pair.html');
    await page.waitForFunction(() => window.demo?.ready === true);
    const start = await page.evaluate(() => window.demo.state());
    const t0 = await page.textContent('#t');
    await page.keyboard.press('Tab'); // from the page's start, past the navigation links
    for (let i = 0; i < 8 && !(await page.evaluate(() => document.activeElement.id === 'stage')); i++) {
        await page.keyboard.press('Tab');
    }
    assert.equal(await page.evaluate(() => document.activeElement.id), 'stage');
    await page.keyboard.press('3'); // A's velocity
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('4'); // B's centre
    await page.keyboard.press('ArrowLeft');
    const moved = await page.evaluate(() => window.demo.state());
    assert.deepEqual([moved.a.vx, moved.a.vy], [start.a.vx + 1, start.a.vy - 10]);
    assert.deepEqual([moved.a.x, moved.a.y], [start.a.x, start.a.y]);
    assert.deepEqual([moved.b.x, moved.b.y], [start.b.x - 1, start.b.y]);
    assert.notEqual(await page.textContent('#t'), t0);
    await finish(page, errors);

    const world = await open('world.html');
    await world.page.waitForFunction(() => window.demo?.ready === true);
    const before = await world.page.evaluate(async () => (await window.demo.circol.stats()).circles);
    await world.page.focus('#stage');
    await world.page.keyboard.press('Enter');
    assert.equal(await world.page.evaluate(async () => (await window.demo.circol.stats()).circles), before + 1);
    await world.page.waitForTimeout(200);
    assert.match(await world.page.textContent('#status'), NO_REFUSAL);
    // only the main button aims and fires
    const box = await world.page.locator('#stage').boundingBox();
    await world.page.mouse.move(box.x + 100, box.y + 100);
    await world.page.mouse.down({ button: 'right' });
    await world.page.mouse.move(box.x + 300, box.y + 150, { steps: 3 });
    await world.page.mouse.up({ button: 'right' });
    assert.equal(await world.page.evaluate(async () => (await window.demo.circol.stats()).circles), before + 1);
    assert.deepEqual(world.errors, []);
    await world.page.close();
});

test('walls: a line whose two points coincide says so instead of vanishing', async () => {
    const { page, errors } = await open('walls.html?kind=line');
    await page.waitForFunction(() => window.demo?.ready === true);
    const handles = await page.evaluate(() => window.demo.handles());
    await drag(page, handles['wall-q'], handles['wall-p']);
    const state = await page.evaluate(() => window.demo.state());
    assert.deepEqual(state.q, state.p);
    assert.equal(await page.evaluate(() => window.demo.result().hit), null);
    assert.equal(await page.textContent('#feature'), 'no line: its two points coincide');
    await finish(page, errors);
});
