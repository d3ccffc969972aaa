// An empty module: the floor of importing any module in a fresh process (validator.bench.mjs).
export {};
