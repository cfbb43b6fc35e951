#!/usr/bin/env node
// `npm run report:a11y`: every axe-core violation the last browser run found (written by
// e2e/page-checks.ts), grouped by rule, with the pages and elements, most severe first. A test fails
// on the first serious one it meets; this shows them all at once, including moderate and minor.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '..', 'test-results', 'accessibility');
const read = (name) =>
  existsSync(path.join(dir, name))
    ? readFileSync(path.join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
const violations = read('violations.jsonl');
const notChecked = read('not-checked.jsonl');

const severity = ['critical', 'serious', 'moderate', 'minor', 'unknown'];
const rules = new Map();
for (const v of violations) {
  const rule = rules.get(v.id) ?? { ...v, places: new Map() };
  const pathname = new URL(v.url).pathname + new URL(v.url).search;
  for (const node of v.nodes) {
    const key = `${pathname}  ${node.target}`;
    const place = rule.places.get(key) ?? { pathname, target: node.target, summary: node.summary, projects: new Set() };
    place.projects.add(v.project);
    rule.places.set(key, place);
  }
  rules.set(v.id, rule);
}

const sorted = [...rules.values()].sort((a, b) => severity.indexOf(a.impact) - severity.indexOf(b.impact) || a.id.localeCompare(b.id));
for (const rule of sorted) {
  console.log(`\n[${rule.impact}] ${rule.id}: ${rule.help}\n  ${rule.helpUrl}`);
  for (const place of rule.places.values()) {
    console.log(`  ${place.pathname}  ${place.target}  (${[...place.projects].sort().join(', ')})`);
    if (place.summary) console.log(`      ${place.summary}`);
  }
}
const failing = sorted.filter((r) => r.impact === 'critical' || r.impact === 'serious').length;
console.log(`\n${sorted.length} rule(s) violated, ${failing} of them serious or critical (these fail the tests).`);
if (notChecked.length) {
  console.log(`\nNot checked (the test left the page before it could be read):`);
  for (const n of notChecked) console.log(`  ${n.url}  (${n.project}: ${n.test})`);
}
