// Reads back the curl lines the start prints (the form curlLine writes), to send them with fetch.
export interface CurlRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

function words(line: string): string[] {
  const out: string[] = [];
  const pattern = /'((?:[^']|'\\'')*)'|(\S+)/g;
  for (const match of line.matchAll(pattern))
    out.push(match[1] !== undefined ? match[1].replaceAll("'\\''", "'") : (match[2] ?? ""));
  return out;
}

export function parseCurl(line: string): CurlRequest {
  const [command, ...rest] = words(line.trim());
  if (command !== "curl") throw new Error(`not a curl line: ${line}`);
  const request: CurlRequest = { url: "", method: "GET", headers: {} };
  const wordAt = (i: number): string => {
    const word = rest[i];
    if (word === undefined) throw new Error(`curl line ends after ${rest[i - 1]}: ${line}`);
    return word;
  };
  for (let i = 0; i < rest.length; i += 1) {
    const word = wordAt(i);
    if (word === "-H") {
      const [name = "", ...value] = wordAt(++i).split(":");
      request.headers[name.trim()] = value.join(":").trim();
    } else if (word === "-d") {
      request.body = wordAt(++i);
      if (request.method === "GET") request.method = "POST";
      request.headers["Content-Type"] ??= "application/x-www-form-urlencoded";
    } else if (word === "-X") {
      request.method = wordAt(++i);
    } else {
      request.url = word;
    }
  }
  return request;
}
