// A tiny static file server for the web folder, bound to the loopback address.
// Usage: node serve.mjs [--host 127.0.0.1] [--port 8000]   (port 0 picks a free one)
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

const TYPES = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.wasm': 'application/wasm',
    '.png': 'image/png',
    '.svg': 'image/svg+xml',
    '.json': 'application/json',
};

// The file a URL path names inside root, or null when it would leave root or is malformed (a
// stray '%' must give a 404, not stop the server).
function resolvePath(root, urlPath) {
    let path;
    try {
        path = decodeURIComponent(urlPath.split('?')[0]);
    } catch {
        return null;
    }
    if (path.endsWith('/')) {
        path += 'index.html';
    }
    const file = normalize(join(root, path));
    return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}

// Starts serving root on host:port; resolves to {server, url}.
export function startServer({ root = ROOT, host = '127.0.0.1', port = 0 } = {}) {
    const server = createServer((request, response) => {
        const file = resolvePath(root, request.url ?? '/');
        let stats = null;
        try {
            stats = file ? statSync(file) : null;
        } catch {
            stats = null;
        }
        if (request.method !== 'GET' && request.method !== 'HEAD') {
            response.writeHead(405, { 'content-type': 'text/plain', allow: 'GET, HEAD' });
            response.end('method not allowed\n');
            return;
        }
        if (!stats || !stats.isFile()) {
            response.writeHead(404, { 'content-type': 'text/plain' });
            response.end('not found\n');
            return;
        }
        response.writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'content-length': stats.size,
            'cache-control': 'no-store',
        });
        if (request.method === 'HEAD') {
            response.end(); // the headers of a GET, without the body
            return;
        }
        createReadStream(file).pipe(response);
    });
    return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
            const address = server.address();
            resolve({ server, url: `http://${host}:${address.port}/` });
        });
    });
}

// Command line: serve until interrupted.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
    const args = process.argv.slice(2);
    const option = (name, fallback) => {
        const i = args.indexOf(name);
        return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
    };
    const { url } = await startServer({
        host: option('--host', '127.0.0.1'),
        port: Number(option('--port', '8000')),
    });
    console.log(`circol web demo: serving ${ROOT} at ${url} (Ctrl-C to stop)`);
}
