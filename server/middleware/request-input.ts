import { checkAddress, checkedForm } from "~/lib/request-input.server";
import type { ShopMiddleware } from "./shop-env";

/**
 * Input no page can use is refused here with a clear 4xx (see request-input.server.ts). Media
 * uploads send the file itself as the body and check it in their own route.
 */
export const checkedInput: ShopMiddleware = async (c, next) => {
  const problem = checkAddress(new URL(c.req.url));
  if (problem) return c.text(problem.message, problem.status);
  if (["GET", "HEAD", "OPTIONS"].includes(c.req.method) || c.req.path === "/admin/uploads") return next();
  const form = await checkedForm(c.req.raw);
  if ("problem" in form) return c.text(form.problem.message, form.problem.status);
  c.req.raw = form.request;
  await next();
};
