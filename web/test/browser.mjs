// Shared by the browser tests: the page server and Debian's Chromium, headless, driven by
// playwright-core; opening pages with their console errors collected; drags; canvas pixels.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { startServer } from '../serve.mjs';
import { webDir } from './native.mjs';

export const DESKTOP = { viewport: { width: 1280, height: 760 } };
// A phone: 390 x 844 CSS pixels at three device pixels each, with touch.
export const PHONE = {
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
};

// Starts the server (on the pages in root) and a browser context; close() stops both.
export async function launch(options = DESKTOP, root = webDir) {
    const { server, url: baseUrl } = await startServer({ root });
    const profile = mkdtempSync(join(tmpdir(), 'circol-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
        executablePath: '/usr/bin/chromium',
        headless: true,
        ...options,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
            '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const close = async () => {
        await context.close();
        server.close();
        rmSync(profile, { recursive: true, force: true });
    };
    return { server, baseUrl, context, close };
}

// Opens a page, collecting its console errors and uncaught exceptions; waits for the demo when
// the page has one.
export async function open(session, path, { wait = true } = {}) {
    const page = await session.context.newPage();
    const errors = [];
    page.on('console', (message) => {
        if (message.type() === 'error') {
            errors.push(message.text());
        }
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(session.baseUrl + path);
    if (wait) {
        await page.waitForFunction(() => window.demo?.ready === true);
    }
    return { page, errors };
}

// Ends a test's page: its screenshot at the path shot (when given), no console error or uncaught
// exception while it was open, and the page closed.
export async function finish(page, errors, shot = null) {
    if (shot !== null) {
        await page.screenshot({ path: shot });
    }
    assert.deepEqual(errors, []);
    await page.close();
}

// Drags with the mouse from one page point to another.
export async function drag(page, from, to, steps = 8) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps });
    await page.mouse.up();
}

// The colour of the canvas pixel at a point in CSS pixels of the canvas, as [r, g, b].
export function pixel(page, at, id = 'stage') {
    return page.evaluate(({ x, y, id: which }) => {
        const canvas = document.getElementById(which);
        const ratio = canvas.width / canvas.clientWidth;
        const data = canvas.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
        return [data[0], data[1], data[2]];
    }, { ...at, id });
}

// Sets a slider as a user's release does (input, then change).
export async function setSlider(page, id, value) {
    await page.locator(`#${id}`).evaluate((element, v) => {
        element.value = v;
        element.dispatchEvent(new Event('input'));
        element.dispatchEvent(new Event('change'));
    }, String(value));
}
