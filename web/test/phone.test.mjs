// The pages on a phone: a 390 x 844 viewport at three device pixels per CSS pixel, with touch.
// Nothing is off-screen, the drawings are sharp (the device's pixels), a finger on a handle drags
// it without scrolling the page, and a finger anywhere else on a drawing scrolls the page.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { PHONE, finish, launch, open } from './browser.mjs';
import { webDir } from './native.mjs';

// (always here, never in docs/images: the committed screenshots are the desktop ones)
const shotDir = join(webDir, 'build', 'screenshots');
let session;

before(async () => {
    session = await launch(PHONE);
    mkdirSync(shotDir, { recursive: true });
});

after(async () => {
    await session?.close();
});

// The page's width, the viewport's, the drawing's box and its backing store's size.
function layout(page) {
    return page.evaluate(() => {
        const canvas = document.getElementById('stage');
        const box = canvas?.getBoundingClientRect();
        return {
            page: document.documentElement.scrollWidth,
            viewport: window.innerWidth,
            widest: Math.max(...[...document.body.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)),
            canvas: box && { left: box.left, right: box.right, width: box.width, height: box.height },
            store: canvas && { width: canvas.width, height: canvas.height },
        };
    });
}

test('phone: every page fits the viewport\'s width, and the drawings use the device\'s pixels', async () => {
    for (const path of ['index.html', 'pair.html', 'walls.html', 'world.html']) {
        const { page, errors } = await open(session, path, { wait: path !== 'index.html' });
        const l = await layout(page);
        assert.equal(l.viewport, 390, path);
        assert.ok(l.page <= l.viewport, `${path}: the page is ${l.page} px wide`);
        assert.ok(l.widest <= l.viewport, `${path}: an element reaches ${l.widest} px`);
        if (l.canvas) {
            assert.ok(l.canvas.left >= 0 && l.canvas.right <= l.viewport, `${path}: ${JSON.stringify(l.canvas)}`);
            assert.equal(l.store.width, Math.round(3 * l.canvas.width), path);
        }
        if (path !== 'index.html') {
            const name = path.replace('.html', '');
            await page.screenshot({ path: join(shotDir, `web-phone-${name}.png`) });
        }
        assert.deepEqual(errors, [], path);
        await page.close();
    }
});

test('phone: every handle lies on the drawing', async () => {
    for (const path of ['pair.html', 'walls.html', 'walls.html?kind=circle', 'pair.html?locked=1']) {
        const { page, errors } = await open(session, path);
        const handles = await page.evaluate(() => window.demo.handles());
        const box = await page.locator('#stage').boundingBox();
        for (const [name, p] of Object.entries(handles)) {
            assert.ok(p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height,
                `${path}: ${name} at ${JSON.stringify(p)}, drawing ${JSON.stringify(box)}`);
        }
        assert.deepEqual(errors, [], path);
        await page.close();
    }
});

// Touches through the DevTools protocol: a finger pressed at from, moved to to, lifted.
async function touchDrag(page, cdp, from, to, steps = 8) {
    const point = (p) => [{ x: p.x, y: p.y, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
    for (let i = 1; i <= steps; i++) {
        const p = { x: from.x + (to.x - from.x) * i / steps, y: from.y + (to.y - from.y) * i / steps };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(p) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(100);
}

test('phone: a finger drags a handle without scrolling; elsewhere on the drawing it scrolls', async () => {
    const { page, errors } = await open(session, 'pair.html');
    const cdp = await page.context().newCDPSession(page);
    const before = await page.evaluate(() => window.demo.state());
    const handles = await page.evaluate(() => window.demo.handles());
    const from = handles['a-velocity'];
    // upward: a finger moving up would scroll the page down, were the touch not the handle's
    await touchDrag(page, cdp, from, { x: from.x - 20, y: from.y - 60 });
    const moved = await page.evaluate(() => window.demo.state());
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page scrolled while a handle moved');
    assert.ok(moved.a.vy < before.a.vy - 100, `A's velocity ${before.a.vy} -> ${moved.a.vy} (scene units)`);
    assert.equal(moved.a.x, before.a.x);
    // a swipe up from an empty part of the drawing scrolls the page and moves nothing
    const box = await page.locator('#stage').boundingBox();
    const empty = { x: box.x + 0.05 * box.width, y: box.y + 0.9 * box.height };
    await touchDrag(page, cdp, empty, { x: empty.x, y: empty.y - 200 });
    assert.ok(await page.evaluate(() => window.scrollY) > 50, 'the page did not scroll');
    assert.deepEqual(await page.evaluate(() => window.demo.state()), moved);
    await finish(page, errors);
});

test('phone: a tap on the world\'s drawing fires a fast circle', async () => {
    const { page, errors } = await open(session, 'world.html');
    const before = await page.evaluate(async () => (await window.demo.circol.stats()).circles);
    const box = await page.locator('#stage').boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction((n) => window.demo.stats().circles === n + 1, before);
    assert.equal(await page.isDisabled('#clear'), false);
    await finish(page, errors);
});
