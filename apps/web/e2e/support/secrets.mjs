// The secrets the whole run typed, held or was sent: every scenario and helper adds to this one
// set, and the scan after the last scenario looks for all of them (secrets-scan.mjs).
import { newSecrets } from './secrets-scan.mjs';

export const secrets = newSecrets();
