import { ADDRESS_FIELDS } from "~/components/storefront/address-fields";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account-addresses";
import { actionFailure } from "~/lib/action-failure.server";
import { flashCookie } from "~/lib/flash.server";
import type { FieldErrors } from "~/lib/form-errors";
import { parseForm } from "~/lib/form-refusal.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { addAddress, listAddresses, removeAddress, setDefaultAddress } from "~/modules/accounts/profile.server";
import { ADDRESS_REMOVED, ADDRESS_SAVED, addressIdSchema, addressSchema, DEFAULT_ADDRESS_SET } from "~/modules/accounts/profile.schema";
import { requireSignedIn } from "~/modules/accounts/session.server";
import { AccountNav } from "~/components/storefront/account-nav";
import { FormAlert, SubmitButton, TextField } from "~/components/ui/field";
import { useFormCheck } from "~/components/ui/use-form-check";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Your addresses", description: "Your delivery addresses.", path: "/account/addresses", noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSignedIn(request, context.auth);
  return { addresses: await listAddresses(context.db, user.id) };
}

const intentSchema = z.object({ intent: z.enum(["add", "default", "remove"]) });
/** A refusal of the add form ("add") shows in that form and keeps what was typed; the others at the top. */
type Failure = { intent: "add" | "default" | "remove" | null; error: string; fieldErrors?: FieldErrors; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSignedIn(request, context.auth);
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  const intent = intentSchema.safeParse(form);
  if (!intent.success) return data<Failure>({ intent: null, error: "Which button was that? Please try again." }, { status: 400 });
  const flash = (message: string) => redirect("/account/addresses", { headers: { "Set-Cookie": flashCookie(request, message) } });
  try {
    if (intent.data.intent === "add") {
      const values = Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === "string"));
      const parsed = parseForm(addressSchema, formData, { intent: "add" as const, values });
      if (!parsed.ok) return parsed.response;
      await addAddress(context.db, user.id, parsed.value);
      return flash(ADDRESS_SAVED);
    }
    const which = addressIdSchema.safeParse(form);
    if (!which.success) return data<Failure>({ intent: intent.data.intent, error: "Which address? Please try again." }, { status: 400 });
    if (intent.data.intent === "default") {
      await setDefaultAddress(context.db, user.id, which.data.addressId);
      return flash(DEFAULT_ADDRESS_SET);
    }
    await removeAddress(context.db, user.id, which.data.addressId);
    return flash(ADDRESS_REMOVED);
  } catch (error) {
    return actionFailure(error, { msg: "address book change refused" }, ({ message }): Failure => ({ intent: intent.data.intent, error: message }));
  }
}

export default function AccountAddresses({ loaderData }: Route.ComponentProps) {
  const { addresses } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const check = useFormCheck(addressSchema, result?.intent === "add" ? result : null);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-serif text-3xl text-leather-800">Your addresses</h1>
      <AccountNav />
      <FormAlert message={result?.intent === "add" ? undefined : result?.error} className="mt-6" />
      {addresses.length === 0 ? (
        <p className="mt-8 text-stone-700">No addresses yet. Add one below: your default address fills in checkout.</p>
      ) : (
        <ul className="mt-8 space-y-4" aria-label="Saved addresses">
          {addresses.map((a) => (
            <li key={a.id} className="rounded-xl border border-leather-200 bg-white p-5 shadow-sm">
              <address className="not-italic text-stone-800">
                {[a.streetAddress, a.apartment, `${a.city}, ${a.state} ${a.zipCode}`, a.country].filter(Boolean).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
                {a.landmark && <span className="block">Landmark: {a.landmark}</span>}
              </address>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                {a.isDefault ? (
                  <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">Default address</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="default" />
                    <input type="hidden" name="addressId" value={a.id} />
                    <button
                      type="submit"
                      className="min-h-11 rounded-md border border-leather-300 px-4 py-2 text-sm font-medium text-leather-800 hover:bg-leather-100"
                    >
                      Make default
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="addressId" value={a.id} />
                  <button type="submit" className="min-h-11 rounded-md px-4 py-2 text-sm font-medium text-red-800 underline hover:bg-red-50">
                    Remove
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        noValidate
        className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm"
        aria-labelledby="add-address-heading"
        onSubmit={check.onSubmit}
      >
        <h2 id="add-address-heading" className="font-serif text-2xl text-leather-800">
          Add an address
        </h2>
        <FormAlert message={check.error} />
        <input type="hidden" name="intent" value="add" />
        <div className="grid gap-4 sm:grid-cols-2">
          {ADDRESS_FIELDS.map((f) => (
            <div key={f.name} className={f.full ? "sm:col-span-2" : undefined}>
              <TextField
                id={f.name}
                label={f.label}
                required={f.required}
                autoComplete={f.autoComplete}
                hint={f.hint}
                defaultValue={result?.values?.[f.name] ?? (f.name === "country" ? "Pakistan" : undefined)}
                error={check.errorOf(f.name)}
              />
            </div>
          ))}
        </div>
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="makeDefault" defaultChecked={addresses.length === 0} className="h-5 w-5 accent-leather-700" />
          <span>Make this my default address</span>
        </label>
        <SubmitButton busy={adding} busyLabel="Saving..." className="w-full sm:w-auto">
          Save address
        </SubmitButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
