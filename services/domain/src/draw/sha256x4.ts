import { WASM_BASE64 } from './sha256x4-wasm';

/**
 * Multi-buffer SHA-256 in WebAssembly (sha256x4.wat): four messages hashed at once, one in each
 * lane of 128-bit SIMD, for the bulk hashing of a close and an audit (the entrants' HMAC ids and
 * the entry tree). The same digests as sha256.ts, kept the same way: 8 words per digest, each an
 * Int32 holding the big-endian SHA-256 word. Where WebAssembly (or its SIMD) is not there,
 * `sha256x4()` is null and the callers hash one message at a time in JavaScript.
 *
 * The module's memory is shared by every caller in the process and used only within one
 * synchronous call: nothing is left in it between calls (a builder keeps its state in its own
 * arrays), so interleaved async work cannot see another's buffers.
 */
export interface Sha256x4Kernel {
  /** Views of the module's memory, which holds at least `bytes` from HEAP on (views renewed when it grows). */
  reserve(bytes: number): { u8: Uint8Array; i32: Int32Array; buffer: Buffer };
  /** See hash_blocks in sha256x4.wat (addresses in bytes). */
  hashBlocks(input: number, slot: number, count: number, blockCounts: number, iv: number, out: number): void;
  /** See hash_nodes in sha256x4.wat: out may equal input. */
  hashNodes(input: number, count: number, out: number): void;
  /** See hash_digests in sha256x4.wat. */
  hashDigests(input: number, count: number, iv: number, bits: number, out: number): void;
  /**
   * The RFC 9162 root of `count` leaf digests at `at` (8 words each), reduced in place level by
   * level: adjacent nodes paired left to right, an odd last node carried up as it is (the same
   * tree as splitting at the largest power of two). The root is left at `at`. count >= 1.
   */
  reduce(at: number, count: number): void;
}

/** Where the caller's buffers start: below are the round constants, the schedule and the state. */
export const HEAP = 4096;
/** Kept readable past the end of any buffer: the missing lanes of a last group of four read there. */
const SLACK = 512;
const PAGE = 65536;

/** The little of the WebAssembly JavaScript API used here (the project's TypeScript libraries do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

interface Exports {
  readonly memory: WasmMemory;
  hash_blocks(input: number, slot: number, count: number, blockCounts: number, iv: number, out: number): void;
  hash_nodes(input: number, count: number, out: number): void;
  hash_digests(input: number, count: number, iv: number, bits: number, out: number): void;
}

function instantiate(): Sha256x4Kernel | null {
  let exports: Exports;
  try {
    const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    if (!wasm) return null;
    const module = new wasm.Module(Buffer.from(WASM_BASE64, 'base64'));
    exports = new wasm.Instance(module, {}).exports as Exports;
  } catch {
    // No WebAssembly SIMD here: the JavaScript SHA-256 does the work.
    return null;
  }
  const memory = exports.memory;
  let u8 = new Uint8Array(memory.buffer);
  let i32 = new Int32Array(memory.buffer);
  let buffer = Buffer.from(memory.buffer);
  const kernel: Sha256x4Kernel = {
    reserve(bytes) {
      const need = HEAP + bytes + SLACK;
      if (memory.buffer.byteLength < need) {
        memory.grow(Math.ceil((need - memory.buffer.byteLength) / PAGE));
        u8 = new Uint8Array(memory.buffer);
        i32 = new Int32Array(memory.buffer);
        buffer = Buffer.from(memory.buffer);
      }
      return { u8, i32, buffer };
    },
    hashBlocks: exports.hash_blocks,
    hashNodes: exports.hash_nodes,
    hashDigests: exports.hash_digests,
    reduce(at, count) {
      for (let n = count; n > 1;) {
        const pairs = n >>> 1;
        exports.hash_nodes(at, pairs, at);
        // An odd last node moves up a level unchanged (after the nodes written in place).
        if (n % 2 === 1) u8.copyWithin(at + pairs * 32, at + (n - 1) * 32, at + n * 32);
        n = pairs + (n % 2);
      }
    },
  };
  return kernel;
}

let kernel: Sha256x4Kernel | null | undefined;
let enabled = true;

/** The module, instantiated on first use once per process; null where WebAssembly SIMD is not available (or it is switched off). */
export function sha256x4(): Sha256x4Kernel | null {
  if (!enabled) return null;
  if (kernel === undefined) kernel = instantiate();
  return kernel;
}

/** Switches the WebAssembly hashing off (false) or back on: for tests and benchmarks of the JavaScript path. Returns the previous setting. */
export function useSha256x4(on: boolean): boolean {
  const was = enabled;
  enabled = on;
  return was;
}
