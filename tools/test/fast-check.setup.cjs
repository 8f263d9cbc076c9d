// Every property test in every Jest project runs with these settings unless it passes its own.
// No seed is fixed: each run explores new input, and a failure prints its seed and path (fast-check's
// own report). FAST_CHECK_SEED (with FAST_CHECK_PATH) replays a reported failure; FAST_CHECK_RUNS
// changes the number of runs, as it does for the API's hostile-input properties.
const fc = require('fast-check');

const seed = process.env.FAST_CHECK_SEED;
const runs = Number(process.env.FAST_CHECK_RUNS);
fc.configureGlobal({
  ...fc.readConfigureGlobal(),
  ...(seed ? { seed: Number(seed) } : {}),
  ...(seed && process.env.FAST_CHECK_PATH ? { path: process.env.FAST_CHECK_PATH } : {}),
  ...(runs > 0 ? { numRuns: runs } : {}),
});
