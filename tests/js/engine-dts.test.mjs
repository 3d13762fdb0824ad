// web/attn-engine.d.ts against the real engine: the functions dist/attn-engine.js exports (read
// from the live module) and the members of the `AttnEngine` interface must be the same names,
// both ways, with the same numbers of arguments. TypeScript itself reads the .d.ts: the test
// writes a probe that states the engine's names and arities as types, and runs tsc on it, so
// any syntax the .d.ts uses (overloads, comments, generics) is read as the compiler reads it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engine as loadEngine } from './fixture.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsc = join(root, 'node_modules', '.bin', 'tsc');
let exported;

/** Embind's functions on the module, each with the argument counts it accepts. */
function embindFunctions(engine) {
  const out = new Map();
  for (const [name, f] of Object.entries(engine)) {
    if (typeof f !== 'function') continue;
    // Embind marks what it registers: argCount, or an overloadTable keyed by argument count.
    if (f.overloadTable)
      out.set(
        name,
        Object.keys(f.overloadTable)
          .filter((k) => /^\d+$/.test(k))
          .map(Number)
          .sort(),
      );
    else if (typeof f.argCount === 'number') out.set(name, [f.argCount]);
  }
  return out;
}

before(async () => {
  exported = embindFunctions(await loadEngine());
});

/** Runs tsc on a probe that checks `functions` (name → arities) against AttnEngine. */
function checkWithTsc(functions) {
  const dir = mkdtempSync(join(tmpdir(), 'attn-dts-'));
  try {
    const names = [...functions.keys()].map((n) => JSON.stringify(n)).join(' | ');
    const arities = [...functions]
      .map(([n, counts]) => `  ${JSON.stringify(n)}: ${counts.join(' | ')};`)
      .join('\n');
    const dts = JSON.stringify(join(root, 'web', 'attn-engine.js'));
    writeFileSync(
      join(dir, 'probe.ts'),
      `import type { AttnEngine } from ${dts};
type Exported = ${names};
interface Arities {
${arities}
}
// "ok" unless the two sets differ; the error shows the names that do.
type Same<A, B> = [A] extends [never] ? ([B] extends [never] ? 'ok' : B) : A;
export const notInDts: Same<Exclude<Exported, keyof AttnEngine>, never> = 'ok';
export const notExported: Same<Exclude<keyof AttnEngine, Exported>, never> = 'ok';
// Argument counts: those the .d.ts allows (optional parameters give several) against Embind's.
type Common = keyof AttnEngine & keyof Arities;
type Counts<K extends Common> = Parameters<AttnEngine[K]>['length'];
type ArityMismatch = {
  [K in Common]: [Counts<K>, Arities[K]] extends [Arities[K], Counts<K>] ? never : K;
}[Common];
export const aritiesDiffer: Same<ArityMismatch, never> = 'ok';
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: [],
        },
        files: ['probe.ts'],
      }),
    );
    const r = spawnSync(tsc, ['-p', dir], { encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the engine exports the functions the .d.ts declares, and no others', () => {
  assert.ok(exported.size >= 28, `found ${exported.size} Embind functions`);
  assert.deepEqual(exported.get('softmax'), [1, 2], 'softmax: scores, then optional options');
  const r = checkWithTsc(exported);
  assert.ok(r.ok, `web/attn-engine.d.ts and the engine's exports differ:\n${r.output}`);
});

test('the probe catches drift both ways and in argument counts', () => {
  const extra = new Map(exported).set('notAnEngineFunction', [1]);
  const extraRun = checkWithTsc(extra);
  assert.ok(!extraRun.ok && extraRun.output.includes('notAnEngineFunction'), extraRun.output);

  const missing = new Map(exported);
  missing.delete('labUnload');
  const missingRun = checkWithTsc(missing);
  assert.ok(!missingRun.ok && missingRun.output.includes('labUnload'), missingRun.output);

  const arity = new Map(exported).set('dot', [3]);
  const arityRun = checkWithTsc(arity);
  assert.ok(!arityRun.ok && arityRun.output.includes('dot'), arityRun.output);
});
