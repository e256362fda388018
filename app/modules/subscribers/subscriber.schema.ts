import { z } from "zod";
import { emailField } from "~/lib/email-address";
import { pageParam } from "~/lib/typed-numbers";

export const subscribeSchema = z.object({
  email: emailField({ required: "Email is required.", invalid: "Please enter a valid email address." }),
});

/** The back office's delete button. */
export const deleteSubscriberSchema = z.object({
  id: z.string({ error: "Please choose a subscription to delete." }).trim().min(1, "Please choose a subscription to delete.").max(64),
});

/** `?page=` of the subscriber list: anything odd is page 1. */
export const subscriberPageSchema = pageParam(1_000_000);
