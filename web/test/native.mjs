// Helpers shared by the tests: the built module, the native reference program, bit patterns.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { loadCircol } from '../js/circol.js';

export const webDir = fileURLToPath(new URL('..', import.meta.url));
const nativeRef = fileURLToPath(new URL('../build/native_ref', import.meta.url));
const wasmFile = fileURLToPath(new URL('../circol.wasm', import.meta.url));

// Loads circol.wasm from the web folder.
export function loadModule() {
    return loadCircol(readFileSync(wasmFile));
}

// Runs the native reference with arguments; returns its standard output as lines.
export function runNative(...args) {
    const result = spawnSync(nativeRef, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
    if (result.error) {
        throw result.error;
    }
    if (result.status !== 0) {
        throw new Error(`native_ref ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    }
    return result.stdout.split('\n').filter((line) => line.length > 0);
}

const scratch = new DataView(new ArrayBuffer(8));

// The double whose IEEE-754 bit pattern is the 16 hex digits h.
export function fromHex(h) {
    scratch.setBigUint64(0, BigInt(`0x${h}`));
    return scratch.getFloat64(0);
}

// The 16 hex digits of x's bit pattern.
export function toHex(x) {
    scratch.setFloat64(0, x);
    return scratch.getBigUint64(0).toString(16).padStart(16, '0');
}

// True when a and b have the same bits; any two NaNs count as equal (payloads are not portable).
export function sameBits(a, b) {
    if (Number.isNaN(a) && Number.isNaN(b)) {
        return true;
    }
    return toHex(a) === toHex(b);
}

const FNV_PRIME = 0x100000001b3n;
const MASK64 = (1n << 64n) - 1n;

// FNV-1a 64 over the little-endian bytes of each double, continuing from hash.
export function fnvDoubles(hash, values) {
    const bytes = new Uint8Array(new Float64Array(values).buffer);
    let h = hash;
    for (const byte of bytes) {
        h ^= BigInt(byte);
        h = (h * FNV_PRIME) & MASK64;
    }
    return h;
}

// The FNV-1a 64 offset basis.
export const FNV_OFFSET = 0xcbf29ce484222325n;
