// Frame rate of the world page at a given circle count, in headless Chromium (Debian's): the
// page's animation frames per second and, of them, the frames that drew a new state of the world
// ("drawn"), with a breakdown of each frame. Where the page runs the world itself: the library's
// advance (physics), the largest-overlap readout, the export of the circles, and the rest of the
// frame's script (drawing, the histogram, the table). Where a worker runs it: the page's script
// per frame, and the worker's advance and export per drawn frame (off the page's thread); where a
// drawing worker draws the circles and the histogram, its time per drawn frame (off it too).
// Pointer latency: how long after the event's time stamp the page handles a pointer move.
//
//   node test/fps.mjs [count exponent, 4.5 = 31,623 circles] [seconds] [folder of the pages]
//
// (the folder defaults to web/; another one, such as an earlier version's pages with a module,
// compares the two on the same machine)
//
// Also used by the browser tests, which print the figures (and assert nothing about them).
import { fileURLToPath } from 'node:url';

// Installed before the page's scripts: times every animation-frame callback and every call of the
// module's world functions, and the delay of pointer events.
function instrument() {
    const timing = { frames: [], callbacks: [], advance: 0, overlap: 0, exportCircles: 0, inputDelay: [] };
    window.fpsTiming = timing;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => raf((now) => {
        const start = performance.now();
        callback(now);
        timing.callbacks.push(performance.now() - start);
    });
    const watch = (now) => {
        timing.frames.push(now);
        raf(watch);
    };
    raf(watch);
    const wrap = (object, name, key) => {
        const original = object[name];
        object[name] = function timed(...args) {
            const start = performance.now();
            const value = original.apply(this, args);
            timing[key] += performance.now() - start;
            return value;
        };
    };
    // the page's module object appears as window.demo.circol: wrap its class's methods once
    // (where the page runs the world itself; a page whose worker runs it reports its own times)
    const hook = setInterval(() => {
        const circol = window.demo?.circol;
        if (circol && !timing.hooked) {
            const proto = Object.getPrototypeOf(circol);
            timing.worker = typeof proto.advance !== 'function';
            if (!timing.worker) {
                wrap(proto, 'advance', 'advance');
                wrap(proto, 'maxOverlap', 'overlap');
                wrap(proto, 'exportCircles', 'exportCircles');
            }
            timing.hooked = true;
            clearInterval(hook);
        }
    }, 5);
    window.addEventListener('pointermove', (event) => {
        timing.inputDelay.push(performance.now() - event.timeStamp);
    }, { capture: true });
}

// Runs the world page at 10^exponent circles for some seconds; returns the figures.
export async function measureWorld(context, baseUrl, { exponent = 4.5, seconds = 5, query = '' } = {}) {
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${baseUrl}world.html${query}`);
    await page.waitForFunction(() => window.demo?.ready === true && window.fpsTiming.hooked);
    await page.locator('#count').evaluate((element, v) => {
        element.value = v;
        element.dispatchEvent(new Event('input'));
        element.dispatchEvent(new Event('change'));
    }, String(exponent));
    await page.waitForTimeout(1000); // the rebuild and the first frames
    const start = await page.evaluate(async () => {
        const t = window.fpsTiming;
        const own = window.demo.timings ?? {};
        const mark = { frames: t.frames.length, callbacks: t.callbacks.length, advance: t.advance,
            overlap: t.overlap, exportCircles: t.exportCircles, inputDelay: t.inputDelay.length,
            drawn: own.frames ?? 0, workerAdvance: own.advance ?? 0, workerExport: own.export ?? 0,
            time: (await window.demo.circol.stats()).time, now: performance.now() };
        return mark;
    });
    // pointer moves over the drawing while it runs (no button: nothing is fired)
    const box = await page.locator('#stage').boundingBox();
    const deadline = Date.now() + seconds * 1000;
    for (let i = 0; Date.now() < deadline; i++) {
        await page.mouse.move(box.x + 20 + (i * 37) % (box.width - 40), box.y + 20 + (i * 23) % (box.height - 40));
        await page.waitForTimeout(100);
    }
    const figures = await page.evaluate(async (mark) => {
        const t = window.fpsTiming;
        const stats = await window.demo.circol.stats();
        const own = window.demo.timings ?? {};
        const stamps = t.frames.slice(mark.frames);
        const callbacks = t.callbacks.slice(mark.callbacks);
        const frames = Math.max(callbacks.length, 1);
        const elapsed = (performance.now() - mark.now) / 1000;
        const delays = t.inputDelay.slice(mark.inputDelay).sort((a, b) => a - b);
        const gaps = stamps.slice(1).map((s, i) => s - stamps[i]);
        const drawn = Math.max((own.frames ?? 0) - mark.drawn, 1);
        return {
            circles: stats.circles,
            fps: stamps.length / elapsed,
            drawnFps: own.frames === undefined ? null : ((own.frames ?? 0) - mark.drawn) / elapsed,
            worker: t.worker ? {
                advance: (own.advance - mark.workerAdvance) / drawn,
                exportCircles: (own.export - mark.workerExport) / drawn,
            } : null,
            worstFrameMs: Math.max(...gaps),
            worldPerRealSecond: (stats.time - mark.time) / elapsed,
            perFrameMs: {
                script: callbacks.reduce((a, b) => a + b, 0) / frames,
                advance: (t.advance - mark.advance) / frames,
                overlap: (t.overlap - mark.overlap) / frames,
                exportCircles: (t.exportCircles - mark.exportCircles) / frames,
            },
            inputDelayMs: delays.length ? { median: delays[delays.length >> 1], worst: delays.at(-1) } : null,
            page: window.demo.timings ? { ...window.demo.timings } : null,
            drawsOffscreen: window.demo.drawsOffscreen === true,
        };
    }, start);
    // the page's own breakdown, where it keeps one (milliseconds per frame over the whole run)
    const own = figures.page;
    if (own && own.frames > 0) {
        figures.pageMs = { draw: own.draw / own.frames, chart: own.chart / own.frames };
    }
    await page.close();
    return figures;
}

// One line of text for the figures.
export function describe(f) {
    const ms = (x) => x.toFixed(1);
    const p = f.perFrameMs;
    const delay = `pointer delay median ${f.inputDelayMs ? ms(f.inputDelayMs.median) : '-'} ms, worst ` +
        `${f.inputDelayMs ? ms(f.inputDelayMs.worst) : '-'} ms`;
    const drawing = f.pageMs ? `circles and path ${ms(f.pageMs.draw)}, histogram ${ms(f.pageMs.chart)}` : '';
    // where a drawing worker draws, its time is not the page's script
    const parts = f.pageMs && !f.drawsOffscreen ? ` (${drawing})` : '';
    const painter = f.drawsOffscreen ? `; drawing worker per drawn frame: ${drawing} ms` : '';
    const head = `${f.circles} circles: ${f.fps.toFixed(1)} fps` +
        (f.drawnFps === null ? '' : `, ${f.drawnFps.toFixed(1)} drawn per s`) +
        ` (worst frame ${ms(f.worstFrameMs)} ms), world time ${f.worldPerRealSecond.toFixed(3)} per real second`;
    if (f.worker) {
        return `${head}; page per frame: script ${ms(p.script)} ms${parts}; worker per drawn frame: advance ` +
            `${ms(f.worker.advance)} + export ${ms(f.worker.exportCircles)} ms${painter}; ${delay}`;
    }
    const rest = p.script - p.advance - p.overlap - p.exportCircles;
    return `${head}; per frame: script ${ms(p.script)} ms = advance ${ms(p.advance)} + overlap ` +
        `${ms(p.overlap)} + export ${ms(p.exportCircles)} + drawing, histogram and table ${ms(rest)}; ` +
        `${delay}${parts.replace(' (', ' (of the rest: ')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const { DESKTOP, launch } = await import('./browser.mjs');
    const { webDir } = await import('./native.mjs');
    const exponent = Number(process.argv[2] ?? 4.5);
    const seconds = Number(process.argv[3] ?? 5);
    const session = await launch(DESKTOP, process.argv[4] ?? webDir);
    try {
        console.log(describe(await measureWorld(session.context, session.baseUrl, { exponent, seconds })));
    } finally {
        await session.close();
    }
}
