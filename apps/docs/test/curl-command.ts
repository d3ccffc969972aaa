// Reads the curl commands the site generates back into a fetch request: the words of a shell line
// (single quotes, with '\'' for a quote; double quotes, without variables) and the options it uses.

/** The words of a command, its quoting removed. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (c === "'" || c === '"') {
      const end = command.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unclosed ${c} in ${command}`);
      word += command.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === "\\" && command[i + 1] === "\n") {
      i++;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** The request of a generated curl command (comment lines left out). */
export function curlRequest(sample: string): { url: string; init: RequestInit } {
  const words = shellWords(
    sample
      .split("\n")
      .filter((line) => !line.startsWith("#"))
      .join("\n"),
  );
  if (words.shift() !== "curl") throw new Error(`not a curl command: ${sample}`);
  let method = "GET";
  let url = "";
  const headers = new Headers();
  const form = new URLSearchParams();
  let body: string | undefined;
  while (words.length > 0) {
    const word = words.shift() as string;
    const value = () => words.shift() ?? "";
    if (word === "-X") method = value();
    else if (word === "-H") {
      const header = value();
      const colon = header.indexOf(":");
      headers.set(header.slice(0, colon), header.slice(colon + 1).trim());
    } else if (word === "-u") headers.set("authorization", `Basic ${btoa(value())}`);
    else if (word === "--data-urlencode") {
      const pair = value();
      const eq = pair.indexOf("=");
      form.append(pair.slice(0, eq), pair.slice(eq + 1));
    } else if (word === "--data") body = value();
    else if (word.startsWith("-")) throw new Error(`the test does not read curl's ${word}`);
    else url = word;
  }
  if ([...form].length > 0) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = form.toString();
  }
  return { url, init: { method, headers, ...(body === undefined ? {} : { body }) } };
}
