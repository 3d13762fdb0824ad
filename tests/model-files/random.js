// A portable seeded PRNG for the test models (mulberry32, Tommy Ettinger's 32-bit generator) and
// a Box–Muller normal sampler: the same seed gives the same model on every machine and node
// version, which Math.random cannot. Nothing here is shared with the engine's attn::Rng: the
// random models only have to be reproducible, not equal to anything the engine draws.

/** A function returning uniform floats in [0, 1), from a 32-bit seed. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One N(0, 1) draw (Box–Muller; uses two uniforms, the second value is dropped for simplicity). */
export function normal(rng) {
  const u = 1 - rng(); // (0, 1]: log is finite
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
