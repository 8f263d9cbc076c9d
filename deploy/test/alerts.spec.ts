import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

// The alert rules operators load (deploy/prometheus/alerts.yml) must name metrics the API really
// exports: an alert on a metric that was renamed never fires, and nothing says so.

const ROOT = join(__dirname, '..', '..');
const rules = parse(readFileSync(join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8')) as { groups: { name: string; rules: { alert: string; expr: string; labels: { severity: string } }[] }[] };
const exported = new Set([...readFileSync(join(ROOT, 'apps/api/src/observability/store-metrics.ts'), 'utf8').matchAll(/name: '(store_[a-z_]+)'/g)].map((match) => match[1]));

describe('the alert rules', () => {
  const all = rules.groups.flatMap((group) => group.rules);

  it('cover uncertain charges, the reconciliation backlog and webhook failures', () => {
    expect(all.map((rule) => rule.alert)).toEqual(['StoreUncertainCharges', 'StoreReconciliationBacklog', 'StoreWebhookFailures']);
    for (const rule of all) expect(['warning', 'critical']).toContain(rule.labels.severity);
  });

  it.each(all.map((rule) => [rule.alert, rule.expr] as const))('%s reads only metrics the API exports', (_alert, expr) => {
    const named = [...expr.matchAll(/\b(store_[a-z_]+)\b/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('knows the API’s metrics from its source (this check would pass on nothing otherwise)', () => {
    expect([...exported]).toEqual(expect.arrayContaining(['store_charges_uncertain_total', 'store_orders_placed_total', 'store_webhook_deliveries_total']));
  });
});
