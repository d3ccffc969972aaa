// Filled by its own issue; the package builds and exports nothing yet.
export {};
