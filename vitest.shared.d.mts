export const summaryReporters: ["default", ["json", { outputFile: string }]];
