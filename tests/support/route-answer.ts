import { data } from "react-router";

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

export async function answer<T = any>(run: Promise<unknown> | (() => unknown)): Promise<Answer<T>> {
  let result: unknown;
  try {
    result = await (typeof run === "function" ? run() : run);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const json = result.headers.get("Content-Type")?.startsWith("application/json") ? await result.clone().json() : undefined;
    return {
      status: result.status,
      data: json as T,
      location: result.headers.get("Location"),
      setCookie: result.headers.getSetCookie(),
      headers: result.headers,
      response: result,
    };
  }
  if (result instanceof DataResultClass) {
    const headers = new Headers(result.init?.headers);
    return { status: result.init?.status ?? 200, data: result.data as T, location: null, setCookie: headers.getSetCookie(), headers };
  }
  if (result instanceof Error) throw result;
  return { status: 200, data: result as T, location: null, setCookie: [], headers: new Headers() };
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
