/** True under a CI runner (they set CI, e.g. CI=true; `.ci/run` sets it too). */
export function inCi(): boolean {
  const value = process.env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}
