// The pages' content security policy allows no `eval`. In the browser zod would probe for it with
// `new Function` when its first object schema is built (reported as a violation even though zod
// catches it), to compile its parsers: it is told not to, through the global configuration object
// zod shares between its copies (set here without loading zod, so that pages which use no schema
// do not download it). root.tsx imports this module first, so that it runs before any module that
// builds a schema. The server keeps the compiled parsers.
if (typeof document !== "undefined") {
  const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (shared.__zod_globalConfig ??= {}).jitless = true;
}

export {};
