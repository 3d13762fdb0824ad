// The set-up every widget test shares: the REAL engine (dist/attn-engine.js) and the real course
// data, validated by the same checks the page runtime runs (web/runtime.js), handed out as the
// {engine, world, models} a widget receives on a page. No mocks.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { checkTeachingWorld, checkModels } from '../../web/runtime.js';

/** A JSON file of the repository, by its path from the repository root. */
export const readJson = (path) =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));

let enginePromise;
/** The engine module, created once per test file. */
export function engine() {
  enginePromise ??= createRequire(import.meta.url)('../../dist/attn-engine.js')();
  return enginePromise;
}

/**
 * {engine, world, models}: the engine and freshly parsed, validated teaching-world.json and
 * models.json.
 */
export async function runtime() {
  return {
    engine: await engine(),
    world: checkTeachingWorld(readJson('course-data/teaching-world.json')),
    models: checkModels(readJson('course-data/models.json')),
  };
}
