// scan.ts's four-column pass as a WebAssembly SIMD function: two rows per instruction (f64x2),
// the same float operations in the same order per row as the JavaScript loop, so every score is
// bit-identical, and about 4x faster (227k rows x 100 dimensions: 3.6 ms instead of 13.9 ms, the
// largest cost of a search over a 20,000-file repository). The module is assembled below from its
// few instructions (no .wasm file to ship beside the service bundle); it reads and writes the
// WebAssembly.Memory that columns.ts keeps the vectors and scores in.
//   axpy4(scores, a, b, c, d: byte offsets; qa, qb, qc, qd: f64; count: rows, rounded up to even)
//   for each row r (two at a time): scores[r] += ((qa·a[r] + qb·b[r]) + qc·c[r]) + qd·d[r]

const leb = (n: number): number[] => {
  const out: number[] = [];
  do {
    const low = n & 0x7f;
    n >>>= 7;
    out.push(n ? low | 0x80 : low);
  } while (n);
  return out;
};
const name = (s: string) => [...leb(s.length), ...Buffer.from(s)];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const simd = (op: number) => [0xfd, ...leb(op)];
const get = (i: number) => [0x20, i];
const set = (i: number) => [0x21, i];
const i32 = (n: number) => [0x41, ...leb(n)];

// Opcodes (WebAssembly core 2.0).
const [I32, F64, V128] = [0x7f, 0x7c, 0x7b];
const [I32_ADD, I32_SHL, I32_GE_U] = [0x6a, 0x74, 0x4f];
const [V128_LOAD, V128_STORE, LOAD64_ZERO] = [0x00, 0x0b, 0x5d];
const [F64X2_SPLAT, PROMOTE_LOW_F32X4, F64X2_ADD, F64X2_MUL] = [0x14, 0x5f, 0xf0, 0xf2];
const MEMARG_8 = [3, 0]; // align 2^3, offset 0

// Parameters 0-4 scores, a, b, c, d; 5-8 qa..qd; 9 count. Locals 10 row, 11 address, 12-15 q splats.
const ROW = 10;
const ADDRESS = 11;
const Q = 12;

/** Two f32 of column `param` at `row`, widened to f64, times its query component. */
const term = (param: number) => [
  ...get(param),
  ...get(ROW),
  ...i32(2),
  I32_SHL,
  I32_ADD,
  ...simd(LOAD64_ZERO),
  ...MEMARG_8,
  ...simd(PROMOTE_LOW_F32X4),
  ...get(Q + param - 1),
  ...simd(F64X2_MUL),
];

const body = [
  ...[2, 2, I32, 4, V128], // locals: 2 i32, 4 v128
  ...[0, 1, 2, 3].flatMap((k) => [...get(5 + k), ...simd(F64X2_SPLAT), ...set(Q + k)]),
  ...[0x02, 0x40, 0x03, 0x40], // block, loop
  ...[...get(ROW), ...get(9), I32_GE_U, 0x0d, 1], // row >= count: leave
  ...[...get(0), ...get(ROW), ...i32(3), I32_SHL, I32_ADD, 0x22, ADDRESS], // address of scores[row]
  ...[...get(ADDRESS), ...simd(V128_LOAD), ...MEMARG_8],
  ...term(1),
  ...term(2),
  ...simd(F64X2_ADD),
  ...term(3),
  ...simd(F64X2_ADD),
  ...term(4),
  ...simd(F64X2_ADD),
  ...simd(F64X2_ADD),
  ...[...simd(V128_STORE), ...MEMARG_8],
  ...[...get(ROW), ...i32(2), I32_ADD, ...set(ROW)],
  ...[0x0c, 0, 0x0b, 0x0b, 0x0b], // br loop; end loop, block, function
];

const BYTES = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, [1, 0x60, 10, I32, I32, I32, I32, I32, F64, F64, F64, F64, I32, 0]),
  ...section(2, [1, ...name("env"), ...name("memory"), 0x02, 0x00, 0x00]),
  ...section(3, [1, 0]),
  ...section(7, [1, ...name("axpy4"), 0x00, 0]),
  ...section(10, [1, ...leb(body.length), ...body]),
]);

export type Axpy4 = (
  scores: number,
  a: number,
  b: number,
  c: number,
  d: number,
  qa: number,
  qb: number,
  qc: number,
  qd: number,
  count: number,
) => void;

/** A WebAssembly.Memory: its bytes (a new ArrayBuffer after each growth; columns.ts never grows one). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

// WebAssembly is a global of Node, but @types/node does not declare it (the DOM library does):
// the part used here.
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}
const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

let compiled: object | null | undefined;

/** The compiled module, or null where this engine has no WebAssembly SIMD (the JavaScript scan is used). */
function simdModule(): object | null {
  if (compiled === undefined) compiled = wasm?.validate(BYTES) ? new wasm.Module(BYTES) : null;
  return compiled;
}

/** axpy4 over `memory`, or null without WebAssembly SIMD. */
export function simdKernel(memory: WasmMemory): Axpy4 | null {
  const module = simdModule();
  if (!module || !wasm) return null;
  return new wasm.Instance(module, { env: { memory } }).exports.axpy4 as Axpy4;
}

/** A memory of `pages` 64 KiB pages, or null when there is no WebAssembly or it refuses (limits). */
export function wasmMemory(pages: number): WasmMemory | null {
  try {
    return wasm && simdModule() ? new wasm.Memory({ initial: pages }) : null;
  } catch {
    return null;
  }
}
