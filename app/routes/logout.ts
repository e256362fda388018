import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/modules/accounts/session.server";

export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
