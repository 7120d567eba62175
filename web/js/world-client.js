// The world page's side of its worker (world-worker.js): calls answered by promises, and the
// snapshots of the world as they come. Calls made in one task of the page go to the worker as
// one message, which it runs with no advance between them: a click and a reading of the world
// in one task see the world as the click left it.

export class WorldClient {
    // Starts the worker with the parsed scene files; resolves when its module is loaded.
    // onSnapshot(snapshot) gets each snapshot, onReplies() runs before each batch of replies.
    static start(files, { onSnapshot, onReplies }) {
        const worker = new Worker(new URL('./world-worker.js', import.meta.url), { type: 'module' });
        const client = new WorldClient(worker, onSnapshot, onReplies);
        return new Promise((resolve, reject) => {
            client.started = { resolve: () => resolve(client), reject };
            worker.addEventListener('error', (event) => {
                // before the start, the page cannot run; after it, the page says so
                const message = event.message ?? 'the world worker failed';
                reject(new Error(message));
                console.error(`circol: ${message}`);
            });
            worker.postMessage({ type: 'init', files });
        });
    }

    constructor(worker, onSnapshot, onReplies) {
        this.worker = worker;
        this.onSnapshot = onSnapshot;
        this.onReplies = onReplies;
        this.queue = []; // calls not yet sent
        this.waiting = new Map(); // id -> {resolve, reject}
        this.next = 1;
        worker.addEventListener('message', ({ data }) => this.receive(data));
        // The module's methods as the worker runs them, each returning a promise (for tests and
        // tools: window.demo.circol.stats() resolves to the statistics).
        this.circol = new Proxy({}, {
            get: (_, name) => (typeof name === 'string' && name !== 'then'
                ? (...args) => this.call(name, ...args) : undefined),
        });
    }

    // Runs a command of the worker's (or a method of its module); resolves to its value.
    call(name, ...args) {
        const id = this.next++;
        if (this.queue.length === 0) {
            queueMicrotask(() => this.flush());
        }
        this.queue.push({ id, name, args });
        return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    }

    flush() {
        this.worker.postMessage({ type: 'calls', calls: this.queue });
        this.queue = [];
    }

    // Gives a snapshot's buffer back to the worker (flat may be null); want: the page asks for
    // the next snapshot; frameMs: the page's time between frames, which paces the worker.
    giveBack(flat, want, frameMs = 0) {
        const buffer = flat?.buffer ?? null;
        this.worker.postMessage({ type: 'buffer', buffer, want, frameMs }, buffer ? [buffer] : []);
    }

    receive(data) {
        if (data.type === 'snapshot') {
            this.onSnapshot(data);
        } else if (data.type === 'replies') {
            this.onReplies();
            for (const { id, value, error } of data.replies) {
                const promise = this.waiting.get(id);
                this.waiting.delete(id);
                if (error === undefined) {
                    promise.resolve(value);
                } else {
                    promise.reject(new Error(error));
                }
            }
        } else if (data.type === 'ready') {
            this.started.resolve();
        } else if (data.type === 'failed') {
            this.started.reject(new Error(data.message));
        }
    }
}
