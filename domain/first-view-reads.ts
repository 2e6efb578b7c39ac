/**
 * The API reads a signed-in page's first view starts with (its route prefetch, src/app/router/route-prefetch.ts), as
 * the browser's API client asks for them: the server names them in the page's HTML as fetch preloads
 * (server/web/spa.ts), so their answers are on the way with the page's scripts instead of after them. A URL here that
 * the client does not ask for is a wasted request, and one it asks for differently is fetched twice:
 * tests/unit/web/first-view-reads.test.ts holds this list equal to the calls the client makes.
 */
export function firstViewReads(path: string, userId: string, language: string): string[] {
  const user = `/api/app/user/${encodeURIComponent(userId)}`;
  const lang = `lang=${encodeURIComponent(language)}`;
  switch (path) {
    case '/':
      // Home's data (features/home/home-data.ts, activity-calls.ts loadHomeData): the profile, the recent payments,
      // the balance and the cards.
      return [`${user}/profile?${lang}`, `${user}/payment/list?startPage=1&${lang}`, `${user}/wallet?${lang}`, `${user}/payment-methods/cards?${lang}`];
    default:
      return [];
  }
}
