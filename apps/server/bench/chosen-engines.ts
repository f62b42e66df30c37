/**
 * The engines BENCH_ENGINES names (comma-separated), all when it is unset. A name that is none of
 * them stops the bench, which would otherwise measure nothing and say so only by an empty table.
 */
export function chosenEngines<T extends { name: string }>(engines: T[]): T[] {
  const asked = process.env.BENCH_ENGINES?.split(',').map((name) => name.trim());
  if (!asked) return engines;
  const unknown = asked.filter((name) => !engines.some((engine) => engine.name === name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_ENGINES names ${unknown.map((name) => `"${name}"`).join(', ')}; this bench's engines are ${engines.map((engine) => `"${engine.name}"`).join(', ')}`,
    );
  return engines.filter((engine) => asked.includes(engine.name));
}
