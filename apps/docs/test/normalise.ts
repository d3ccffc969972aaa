// What differs between two runs of the same request: wall-clock times (the emulator follows real time
// unless told otherwise) and the random tokens it mints. Both become placeholders before comparing.
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;
const MINTED = /"(access_token|oauth_token|oauth_token_secret)":"[^"]*"/g;
const MINTED_FORM = /(oauth_token|oauth_token_secret)=[^&]*/g;

export function normaliseBody(body: string): string {
  return body.replace(ISO_TIME, "<time>").replace(MINTED, '"$1":"<minted>"').replace(MINTED_FORM, "$1=<minted>");
}
