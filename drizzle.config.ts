import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/lib/db/tables/*.server.ts",
  out: "./drizzle",
});
