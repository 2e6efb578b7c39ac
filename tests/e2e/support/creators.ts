import { expect, type BrowserContext } from '@playwright/test';

export interface Offer {
  price: string;
  description: string;
  media_type: 'photo' | 'video';
}

/** A price point the creator (signed in in `context`) offers, made through the API as the profile screen makes it. */
export async function offerPricePoint(context: BrowserContext, userId: string, offer: Offer): Promise<string> {
  const res = await context.request.post(`/api/app/user/${userId}/price-points`, { data: offer });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string }[] }).data[0]!.id;
}
