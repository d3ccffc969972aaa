// Shared by the tinybench benches: a task's statistics, or an error when it failed or never ran.

/**
 * @param {import("tinybench").Task | undefined} task
 * @returns {import("tinybench").TaskResultWithStatistics}
 */
export function statistics(task) {
  const result = task?.result;
  if (!result || !("latency" in result))
    throw new Error(`bench task ${task?.name} has no statistics: ${result?.state}`);
  return result;
}

/**
 * The median of the values (the upper one of an even count).
 * @param {number[]} values
 */
export function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}
