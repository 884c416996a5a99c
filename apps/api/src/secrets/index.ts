// The secrets area's door: keys derived from the operator's secrets, and text sealed under them.
export { derivedKey } from './derived-key';
export { openSealedText, sealText } from './sealed-text';
