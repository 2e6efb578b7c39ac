import { parseAmount } from '../../domain/money/amount';

/** Spec 3: a price point is named "$price" — the price in USD, formatted for the reader's language. */
export function pricePointName(price: string, money: (cents: number) => string): string {
  const cents = parseAmount(price);
  return cents === null ? price : money(cents);
}
