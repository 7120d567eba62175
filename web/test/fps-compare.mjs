// Compares the world page's frame rate between versions of the pages on one machine: runs
// fps.mjs's measurement at 10,000 and 31,623 circles for each folder, the folders interleaved
// run by run (so that the machine's other work falls on each alike), and prints every run's line
// and then each folder's medians.
//
//   node test/fps-compare.mjs [runs] [folder of the pages]...   (default: 3 runs of web/)
import { DESKTOP, launch } from './browser.mjs';
import { describe, measureWorld } from './fps.mjs';
import { webDir } from './native.mjs';

const runs = Number(process.argv[2] ?? 3);
const folders = process.argv.length > 3 ? process.argv.slice(3) : [webDir];
const results = new Map(); // `${folder} ${circles}` -> figures of each run

const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

for (let run = 0; run < runs; run++) {
    for (const exponent of [4, 4.5]) {
        for (const folder of folders) {
            const session = await launch(DESKTOP, folder);
            try {
                const figures = await measureWorld(session.context, session.baseUrl, { exponent, seconds: 5 });
                console.log(`${folder}, run ${run + 1}: ${describe(figures)}`);
                const key = `${folder} ${figures.circles}`;
                results.set(key, [...(results.get(key) ?? []), figures]);
            } finally {
                await session.close();
            }
        }
    }
}
for (const [key, list] of results) {
    const m = (pick) => median(list.map(pick)).toFixed(1);
    console.log(`median of ${list.length}, ${key} circles: ${m((f) => f.fps)} fps, ` +
        `${m((f) => f.drawnFps ?? NaN)} drawn per s, longest gap ${m((f) => f.worstFrameMs)} ms, ` +
        `world time ${median(list.map((f) => f.worldPerRealSecond)).toFixed(3)} per s, script ${m((f) => f.perFrameMs.script)} ms ` +
        `(advance ${m((f) => f.perFrameMs.advance)}, overlap ${m((f) => f.perFrameMs.overlap)}), worker's advance per drawn frame ` +
        `${m((f) => f.worker?.advance ?? NaN)} ms, pointer delay median ` +
        `${m((f) => f.inputDelayMs?.median ?? NaN)} ms, worst ${m((f) => f.inputDelayMs?.worst ?? NaN)} ms`);
}
