/**
 * `compute(key)`, remembered for at most `max` keys: all are forgotten when it is full, so that keys
 * that come and go (ad-hoc URLs, many credentials) cannot grow it. A key whose computation throws is
 * not remembered.
 */
export function boundedCache<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const values = new Map<string, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined && !values.has(key)) {
      value = compute(key);
      if (values.size >= max) values.clear();
      values.set(key, value);
    }
    return value as V;
  };
}
