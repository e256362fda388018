import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

/** The class of what React Router's public `data()` returns (the class itself is not exported). */
type DataResult = ReturnType<typeof data<unknown>>;
const DataResultClass = data(null).constructor as new (...args: never[]) => DataResult;

/**
 * What a loader or action answered, whether it returned or threw: a Response (redirects, files,
 * JSON), a `data(value, init)` result, or a bare value. The one place tests read React Router's
 * `data()` wrapper, so a change in how React Router represents it is mended here alone.
 */
export interface Answer<T = unknown> {
  status: number;
  /** The returned value, the `data()` value, or a JSON response's parsed body. */
  data: T;
  /** Where a redirect sends the browser, else null. */
  location: string | null;
  setCookie: string[];
  headers: Headers;
  /** The Response itself, when the route answered one (its body unread unless it was JSON). */
  response?: Response;
}

/**
 * What a route's value is once React Router's wrapper is taken off: `data(value)` gives its value, a
 * bare value itself, and a Response (a redirect, a file) nothing a test could read without saying
 * what it holds.
 */
export type AnsweredData<R> = R extends Response ? never : R extends DataWithResponseInit<infer D> ? D : R;

/**
 * Runs a loader or action and reads its answer, typed from what the route returns: tests narrow a
 * route's union of answers as the browser would. A route that answers a JSON Response names what
 * its body holds: `answer<{ ok: boolean }>(…)`.
 */
export async function answer<R>(run: Promise<R> | (() => R | Promise<R>)): Promise<Answer<AnsweredData<Awaited<R>>>>;
export async function answer<T>(run: Promise<unknown> | (() => unknown)): Promise<Answer<T>>;
export async function answer(run: Promise<unknown> | (() => unknown)): Promise<Answer<unknown>> {
  let result: unknown;
  try {
    result = await (typeof run === "function" ? run() : run);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const json = result.headers.get("Content-Type")?.startsWith("application/json") ? ((await result.clone().json()) as unknown) : undefined;
    return {
      status: result.status,
      data: json,
      location: result.headers.get("Location"),
      setCookie: result.headers.getSetCookie(),
      headers: result.headers,
      response: result,
    };
  }
  if (result instanceof DataResultClass) {
    const headers = new Headers(result.init?.headers);
    return { status: result.init?.status ?? 200, data: result.data, location: null, setCookie: headers.getSetCookie(), headers };
  }
  if (result instanceof Error) throw result;
  return { status: 200, data: result, location: null, setCookie: [], headers: new Headers() };
}

/** The text of the one-time flash message an answer sets, if any. */
export function flashOf(a: Answer): string | null {
  const cookie = a.setCookie.find((c) => c.startsWith("flash="));
  return cookie ? decodeURIComponent(cookie.slice("flash=".length).split(";")[0]) : null;
}

/** Status and data alone, for comparing an answer whole with toEqual. */
export function statusAndData<T>(a: Answer<T>): { status: number; data: T } {
  return { status: a.status, data: a.data };
}

/** The members of a union of answers that carry `key`. */
type Carrying<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T : never) : never;

/**
 * The answer's data as the one of its route's answers that carries `key` (an action's refusal, a
 * loader's detail): fails the test, naming what came, when the answer is another.
 */
export function dataWith<T, K extends PropertyKey>(a: Pick<Answer<T>, "status" | "data">, key: K): Carrying<T, K> {
  const value: unknown = a.data;
  if (typeof value !== "object" || value === null || !(key in value)) {
    throw new Error(`The answer (${a.status}) has no ${String(key)}: ${JSON.stringify(value)}`);
  }
  return value as Carrying<T, K>;
}
