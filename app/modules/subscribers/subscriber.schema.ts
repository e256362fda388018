import { z } from "zod";

export const subscribeSchema = z.object({
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
});
