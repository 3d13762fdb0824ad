// Linked into dist/attn-engine.js with --post-js (CMakeLists.txt). Embind checks how many
// arguments a call passes and throws its own BindingError, whose message for an overloaded
// function is its generated source: a ConfigError naming the function and the counts it
// takes keeps "every error is one of the four kinds" true for calls with too few or too many
// arguments. Runs once the functions are registered, before the module reaches its caller.
/* global Module, addOnPostRun */

/** The argument counts Embind accepts for f (an overload table, or one argCount), or null. */
function embindArities(f) {
  if (typeof f !== 'function') return null;
  if (f.overloadTable)
    return Object.keys(f.overloadTable)
      .filter((k) => /^\d+$/.test(k))
      .map(Number);
  return typeof f.argCount === 'number' ? [f.argCount] : null;
}

function withArityCheck(name, f, counts) {
  const wanted = counts.join(' or ');
  const checked = function (...args) {
    if (!counts.includes(args.length)) {
      const err = new Error(`${name} takes ${wanted} argument(s), got ${args.length}`);
      err.name = 'ConfigError';
      throw err;
    }
    return f.apply(this, args);
  };
  // Keep what identifies an Embind function (tests/js/engine-dts.test.mjs reads it).
  checked.argCount = f.argCount;
  checked.overloadTable = f.overloadTable;
  return checked;
}

addOnPostRun(() => {
  for (const name of Object.keys(Module)) {
    const counts = embindArities(Module[name]);
    if (counts) Module[name] = withArityCheck(name, Module[name], counts);
  }
});
