import type { BlikAlias, BlikAliasRepository } from '@store/application';
import type { DataSource } from 'typeorm';

/** The provider's alias keys are digits; anything else (or too long) is not kept, as the table would refuse it. */
const keepable = (alias: BlikAlias) => /^[0-9]{1,64}$/.test(alias.key);
/** Ours: a label is cut to the column's 200 characters, and an empty one reads as the key. */
const labelOf = (alias: BlikAlias) => (alias.label.trim() || alias.key).slice(0, 200);

/** BLIK one-click aliases on Postgres: one INSERT … ON CONFLICT DO NOTHING, so a redelivery adds nothing. */
export class PostgresBlikAliasRepository implements BlikAliasRepository {
  constructor(private readonly dataSource: DataSource) {}

  async save(customerId: string, aliases: readonly BlikAlias[]): Promise<number> {
    const kept = aliases.filter(keepable);
    if (kept.length === 0) return 0;
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO blik_aliases (customer_id, alias_key, label)
       SELECT $1, key, label FROM unnest($2::text[], $3::text[]) AS alias (key, label)
       ON CONFLICT (customer_id, alias_key) DO NOTHING RETURNING alias_key`,
      [customerId, kept.map((alias) => alias.key), kept.map(labelOf)],
    );
    return rows.length;
  }

  async listFor(customerId: string): Promise<BlikAlias[]> {
    const rows: { alias_key: string; label: string }[] = await this.dataSource.query(
      `SELECT alias_key, label FROM blik_aliases WHERE customer_id = $1 ORDER BY created_at, alias_key`,
      [customerId],
    );
    return rows.map((row) => ({ key: row.alias_key, label: row.label }));
  }
}
