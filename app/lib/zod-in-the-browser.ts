import { config } from "zod";

// The pages' content security policy allows no `eval`. In the browser zod would probe for it with
// `new Function` when its first object schema is built (reported as a violation even though zod
// catches it), to compile its parsers: it is told not to. root.tsx imports this module first, so
// that it runs before any module that builds a schema. The server keeps the compiled parsers.
if (typeof document !== "undefined") config({ jitless: true });
