// Every vitest suite writes its JSON report where scripts/test-summary.mjs reads it, to print the
// run's one closing line "N passed, N failed".
export const summaryReporters = ["default", ["json", { outputFile: "test-results/vitest.json" }]];
