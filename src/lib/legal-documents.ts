/** The legal pages of spec 2 and the translation key of each; shared by both route sets, the footer and help. */
export const LEGAL_DOCUMENTS = {
  '/terms-of-service': 'termsOfService',
  '/creator-terms-of-service': 'creatorTermsOfService',
  '/privacy-policy': 'privacyPolicy',
  '/dmca': 'dmca',
  '/acceptable-use-guidelines': 'acceptableUse',
  '/community-guidelines': 'communityGuidelines',
} as const;

export type LegalPath = keyof typeof LEGAL_DOCUMENTS;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[LegalPath];

export const LEGAL_PATHS = Object.keys(LEGAL_DOCUMENTS) as LegalPath[];

export function legalDocumentFor(path: string): LegalDocument | null {
  return (LEGAL_DOCUMENTS as Record<string, LegalDocument>)[path] ?? null;
}

/**
 * The date the texts were last revised, shown through Intl in the reader's language. Midday UTC: the same
 * calendar day in every time zone. Change it with the texts.
 */
export const LEGAL_LAST_UPDATED = '2026-11-21T12:00:00Z';
