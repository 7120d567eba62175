import { DESKTOP, launch } from './browser.mjs';
import { describe, measureWorld } from './fps.mjs';
const folders = process.argv[2].split(',');
const reps = Number(process.argv[3] ?? 3);
for (let r = 0; r < reps; r++) {
  for (const exponent of [4, 4.5]) {
    for (const folder of folders) {
      const session = await launch(DESKTOP, folder);
      try {
        const f = await measureWorld(session.context, session.baseUrl, { exponent, seconds: 5 });
        console.log(JSON.stringify({ folder, exponent, fps: f.fps, worst: f.worstFrameMs, pace: f.worldPerRealSecond, inMed: f.inputDelayMs?.median, inWorst: f.inputDelayMs?.worst, p: f.perFrameMs, pageMs: f.pageMs }));
        console.log('  ' + describe(f));
      } finally { await session.close(); }
    }
  }
}
