import * as z from "zod/mini";
import { emailField } from "~/lib/email-address";
import { pageParam } from "~/lib/typed-numbers";

export const subscribeSchema = z.object({
  email: emailField({ required: "Email is required.", invalid: "Please enter a valid email address." }),
});

/** The back office's delete button. */
export const deleteSubscriberSchema = z.object({
  id: z
    .string({ error: "Please choose a subscription to delete." })
    .check(z.trim(), z.minLength(1, "Please choose a subscription to delete."), z.maxLength(64)),
});

/** The question a subscription's delete asks first (docs/decisions/0055), and the spec's answer once done. */
export const deleteSubscriptionConfirm = (email: string) =>
  `Delete the subscription for ${email}? It goes to the Trash for 30 days, where a Main Admin can restore it.`;
export const subscriptionDeleted = (email: string) => `Subscription deleted for ${email}`;
export const SUBSCRIPTION_DELETE_FAILED = "Failed to delete subscription. Check console for details.";

/** `?page=` of the subscriber list: anything odd is page 1. */
export const subscriberPageSchema = pageParam(1_000_000);
