// What the service worker uses of its global scope (the project's TypeScript libraries are the DOM's,
// not the worker's), and the host list the build injects.
declare const XADS_API_HOSTS: string[];

interface XadsFetchEvent extends Event {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
  waitUntil(work: Promise<unknown>): void;
}

interface XadsWorkerScope {
  readonly location: Location;
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate" | "fetch", listener: (event: XadsFetchEvent) => void): void;
}
