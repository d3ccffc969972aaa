// What this suite uses of twitter-ads, which ships no types: the constructor and the callback calls.
declare module "twitter-ads" {
  type Callback = (
    error: (Error & { allErrors?: Array<{ code: string }> }) | null,
    response: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: the client hands back whatever JSON the API answered
    body: any,
  ) => void;
  class TwitterAdsAPI {
    constructor(options: Record<string, string | boolean>);
    get(path: string, params: Record<string, unknown>, callback: Callback): void;
    post(path: string, params: Record<string, unknown>, callback: Callback): void;
    put(path: string, params: Record<string, unknown>, callback: Callback): void;
    delete(path: string, params: Record<string, unknown>, callback: Callback): void;
  }
  export = TwitterAdsAPI;
}
