/**
 * Data a server-rendered page carries for the app that hydrates it (issue 23 item 2: the creator's pay page), so its
 * machine starts with it instead of asking the API again. It travels as JSON in a `<script type="application/json">`
 * (a data block, never run: the page's Content-Security-Policy still allows scripts by nonce only) with this id.
 */
export const PUBLIC_PROFILE_DATA_ID = 'tipjar-public-profile';

/**
 * `value` as the text of a `<script type="application/json">`: JSON in which no `<`, `>` or `&` can end the element or
 * open a comment (`</script>`, `<!--`) whatever the data says, and no U+2028/U+2029. JSON.parse reads it back as is.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
