import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { requireAdmin } from "~/modules/accounts/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="py-16 text-center">
      <p className="font-serif text-5xl text-leather-700">404</p>
      <h1 className="mt-3 text-xl">Page Not Found</h1>
      <Link to="/admin" className="mt-6 inline-block text-leather-700 underline">
        Back to the Admin Panel
      </Link>
    </div>
  );
}
