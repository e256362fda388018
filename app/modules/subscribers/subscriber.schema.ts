import { z } from "zod";
import { pageParam } from "~/lib/typed-numbers";

export const subscribeSchema = z.object({
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
});

/** The back office's delete button. */
export const deleteSubscriberSchema = z.object({
  id: z.string({ error: "Please choose a subscription to delete." }).trim().min(1, "Please choose a subscription to delete.").max(64),
});

/** `?page=` of the subscriber list: anything odd is page 1. */
export const subscriberPageSchema = pageParam(1_000_000);
