// The bundled scene files as the world page builds them (web/js/scene-files.js) against the
// command-line tool's own loader: each runs to its "until" in the module and in `circol run`
// (the native library, its scene parser in C), with the same collisions and final state.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { before, test } from 'node:test';

import { SCENE_FILES, buildFileScene } from '../js/scene-files.js';
import { loadModule } from './native.mjs';

const scenesDir = fileURLToPath(new URL('../../examples/scenes/', import.meta.url));
// The tool from the CMake build that `make test` runs first (CIRCOL_CLI names another).
const cli = process.env.CIRCOL_CLI ?? fileURLToPath(new URL('../../build/tools/circol', import.meta.url));

let circol;

before(async () => {
    circol = await loadModule();
});

test('every bundled scene file is a preset of the world page', () => {
    const files = readdirSync(scenesDir).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5));
    assert.deepEqual(Object.values(SCENE_FILES).map((s) => s.file).sort(), files.sort());
});

for (const [key, { file }] of Object.entries(SCENE_FILES)) {
    test(`scene file ${file}: the page's world reaches the tool's state at "until"`, { skip: !existsSync(cli) && `no ${cli}` }, () => {
        const path = `${scenesDir}${file}.json`;
        const scene = JSON.parse(readFileSync(path, 'utf8'));
        const built = buildFileScene(circol, scene);
        assert.equal(built.status, 0, key);
        const until = scene.until ?? 10;
        assert.equal(circol.advance(until), 0);
        const run = spawnSync(cli, ['run', path, '--json', '--state'], { encoding: 'utf8', maxBuffer: 64 << 20 });
        assert.equal(run.status, 0, run.stderr);
        const want = JSON.parse(run.stdout);
        const stats = circol.stats();
        assert.equal(stats.time, want.time);
        assert.equal(stats.collisions, want.collisions);
        assert.equal(stats.wallCollisions, want.wall_collisions);
        assert.equal(stats.circles, want.circle_count);
        const flat = circol.exportCircles();
        want.circles.forEach((c, i) => {
            const got = { x: flat[6 * i], y: flat[6 * i + 1], vx: flat[6 * i + 2], vy: flat[6 * i + 3], r: flat[6 * i + 4] };
            assert.deepEqual(got, { x: c.x, y: c.y, vx: c.vx, vy: c.vy, r: c.r }, `${file}: circle ${i}`);
        });
        circol.destroyWorld();
    });
}
