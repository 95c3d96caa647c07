/**
 * Small deterministic PRNG (mulberry32) and helpers. The generator never uses Math.random, so one
 * seed always yields the same corpus on every machine.
 */

/** 32-bit integer mix of a seed and a stream number (e.g. an enterprise index). */
export function mixSeed(seed: number, stream: number): number {
  let h = (seed ^ Math.imul(stream + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max] inclusive. */
  range(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Digits string of the given length. */
  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String.fromCharCode(48 + this.int(10));
    return out;
  }
}

/** Weighted choice table built once; pick() is a binary search over cumulative weights. */
export class WeightedTable<T> {
  private readonly items: T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map((e) => e[0]);
    this.cumulative = new Float64Array(entries.length);
    let sum = 0;
    entries.forEach((e, i) => {
      sum += e[1];
      this.cumulative[i] = sum;
    });
    this.total = sum;
    if (!(sum > 0)) throw new Error('weighted table needs a positive total weight');
  }

  pick(rng: Rng): T {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}
