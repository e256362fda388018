/** The shop's configuration cannot be used: every problem found, listed at once (config.server.ts). */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`The shop cannot start; fix its configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}
