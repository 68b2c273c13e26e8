/** Entities with deserialized fields (`Decimal`, `Date`) and a nested entity, for the persistence and hydration tests. */
import Decimal from 'decimal.js';
import { Entity } from '../../src/index.js';

export class Customer extends Entity {
  id = '';
  name = '';
  override pk() {
    return this.id;
  }
  static override key = 'Customer';
}

export class Invoice extends Entity {
  id = '';
  amount = new Decimal(0);
  issuedAt = new Date(0);
  customer: Customer | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Invoice';
  static override schema = { amount: Decimal, issuedAt: (iso: string) => new Date(iso), customer: Customer };
}
