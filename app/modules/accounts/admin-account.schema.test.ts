import { describe, expect, it } from "vitest";
import { createAdminSchema, updateAdminSchema } from "./admin-account.schema";

const base = { email: "a@example.pk", password: "Chamra-Owner-Key-5581", firstName: "A", lastName: "B", gender: "male", role: "admin" };
const first = (schema: typeof createAdminSchema | typeof updateAdminSchema, input: unknown) => schema.safeParse(input).error?.issues[0].message;

describe("create admin validation", () => {
  it("needs email, password, names, gender and role, with the exact message (docs/product.md)", () => {
    for (const missing of ["email", "password", "firstName", "lastName", "gender", "role"]) {
      expect(first(createAdminSchema, { ...base, [missing]: "" }), missing).toBe("Please fill out all required fields.");
      const { [missing as keyof typeof base]: _dropped, ...without } = base;
      expect(first(createAdminSchema, without), missing).toBe("Please fill out all required fields.");
    }
  });

  it("needs a password of at least 12 characters (staff) and takes only the two staff roles", () => {
    expect(first(createAdminSchema, { ...base, password: "12345" })).toBe("Staff passwords must be at least 12 characters.");
    expect(first(createAdminSchema, { ...base, password: "hina-secret" })).toBe("Staff passwords must be at least 12 characters.");
    expect(first(createAdminSchema, { ...base, password: " ".repeat(12) })).toBe("Password cannot be only spaces.");
    expect(first(createAdminSchema, { ...base, role: "user" })).toBe("Please choose a role: Admin or Main Admin.");
    expect(createAdminSchema.parse({ ...base, role: "main-admin" })).toMatchObject({ role: "main-admin", numberCode: "+92" });
  });
});

describe("update admin validation", () => {
  const row = { id: "x", firstName: "A", lastName: "B", gender: "", role: "main-admin", number: "300 1234567" };
  it("accepts an unset gender, refuses any role but the two staff roles", () => {
    expect(updateAdminSchema.parse(row)).toMatchObject({ gender: "", role: "main-admin" });
    expect(first(updateAdminSchema, { ...row, role: "user" })).toBe("Please choose a role: Admin or Main Admin.");
    expect(first(updateAdminSchema, { ...row, gender: "robot" })).toBe("Please choose male, female or other.");
    expect(first(updateAdminSchema, { ...row, firstName: " " })).toBe("Please fill out all required fields.");
    expect(first(updateAdminSchema, { ...row, number: "call me" })).toBe("Please enter a phone number with digits only.");
  });
});
