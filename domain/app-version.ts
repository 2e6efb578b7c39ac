import gt from 'semver/functions/gt';
import valid from 'semver/functions/valid';

/**
 * Spec 4 "New site version": the server's version is compared with the client's built-in one as semver, so
 * 1.0.10 is above 1.0.9 (a string comparison would say otherwise). A value that is not semver is never "newer":
 * a misconfigured server must not send every open tab into a reload prompt it cannot satisfy.
 */
export function isNewerVersion(server: string, client: string): boolean {
  return valid(server) !== null && valid(client) !== null && gt(server, client);
}
