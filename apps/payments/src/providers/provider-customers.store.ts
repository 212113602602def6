import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Our buyers' customer ids at a provider (e.g. the Mangopay natural user of each buyer). */
export interface ProviderCustomers {
  get(provider: string, userId: string): Promise<string | null>;
  save(provider: string, userId: string, customerId: string): Promise<void>;
}

@Injectable()
export class ProviderCustomersStore implements ProviderCustomers {
  constructor(private readonly dataSource: DataSource) {}

  async get(provider: string, userId: string): Promise<string | null> {
    const rows: { customer_id: string }[] = await this.dataSource.query(
      'SELECT customer_id FROM payments.provider_customers WHERE provider = $1 AND user_id = $2',
      [provider, userId],
    );
    return rows[0]?.customer_id ?? null;
  }

  async save(provider: string, userId: string, customerId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO payments.provider_customers (provider, user_id, customer_id) VALUES ($1, $2, $3)
       ON CONFLICT (provider, user_id) DO NOTHING`,
      [provider, userId, customerId],
    );
  }
}
