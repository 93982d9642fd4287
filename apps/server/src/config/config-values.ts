/** A setting the server cannot start with; its message names the variable and says what it must be. */
export class ConfigError extends Error {}

export function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return value;
}
