// Reads a V8 CPU profile (node --cpu-prof) and names where the time went: the top functions by
// self time, and the same time grouped by where the code lives (a package, the app's own code,
// Node's internals, garbage collection, idle).
import { readFileSync } from 'node:fs';

function placeOf(url) {
  if (!url) return '(native or V8)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(apps\/[^/]+|libs\/[^/]+)\//.exec(url);
  return own ? own[1] : url.replace(/^file:\/\//, '');
}

export function summariseProfile(file, top = 20) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  const total = profile.samples.length * interval;
  const byFunction = new Map();
  const byPlace = new Map();
  for (const node of profile.nodes) {
    if (!node.hitCount) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const special = ['(idle)', '(garbage collector)', '(program)'].includes(functionName);
    const name = `${functionName || '(anonymous)'} ${special ? '' : `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|libs)\//, '$1/')}:${lineNumber + 1}`}`.trim();
    const place = special ? functionName : placeOf(url);
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.hitCount * interval);
    byPlace.set(place, (byPlace.get(place) ?? 0) + node.hitCount * interval);
  }
  const rank = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: Number(((100 * us) / total).toFixed(1)) }));
  return { totalMs: Math.round(total / 1000), functions: rank(byFunction), places: rank(byPlace) };
}

export function profileMarkdown(summary) {
  const lines = [`CPU profile: ${summary.totalMs} ms sampled`, '', '| self time by place | ms | % |', '|---|---:|---:|'];
  for (const row of summary.places) lines.push(`| ${row.name} | ${row.ms} | ${row.share} |`);
  lines.push('', '| self time by function | ms | % |', '|---|---:|---:|');
  for (const row of summary.functions) lines.push(`| \`${row.name.replace(/\|/g, '\\|')}\` | ${row.ms} | ${row.share} |`);
  return lines.join('\n');
}
