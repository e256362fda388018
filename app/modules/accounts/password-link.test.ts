import { describe, expect, it } from "vitest";
import { PASSWORD_LINK_VALIDITY_MS, passwordLinkMail, passwordLinkUrl } from "./password-link";

const TOKEN = "AbC-123_xyz";

describe("password links", () => {
  it("a reset works for 1 hour, an invitation for 7 days", () => {
    expect(PASSWORD_LINK_VALIDITY_MS.reset).toBe(60 * 60_000);
    expect(PASSWORD_LINK_VALIDITY_MS.invitation).toBe(7 * 24 * 60 * 60_000);
  });

  it("the link is the shop's address, the page and the token, whatever trailing slash the address had", () => {
    expect(passwordLinkUrl("https://shop.example.pk/", TOKEN)).toBe(`https://shop.example.pk/reset-password?token=${TOKEN}`);
    expect(passwordLinkUrl("http://localhost:3000", "a+b/c=")).toBe("http://localhost:3000/reset-password?token=a%2Bb%2Fc%3D");
  });

  it("the reset mail names the shop, carries the link and says how long it works", () => {
    const mail = passwordLinkMail("reset", "https://shop.example.pk", TOKEN);
    expect(mail.subject).toBe("Reset your Chamra Leather password");
    expect(mail.text).toBe(
      [
        "Hello,",
        "",
        "Someone, we hope you, asked to reset the password of your Chamra Leather account. Set a new password here:",
        "",
        `https://shop.example.pk/reset-password?token=${TOKEN}`,
        "",
        "The link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.",
        "",
        "Chamra Leather",
        "",
      ].join("\n"),
    );
  });

  it("the invitation mail says 'Set your password' with the shop's name, and where to ask again", () => {
    const mail = passwordLinkMail("invitation", "https://shop.example.pk/", TOKEN);
    expect(mail.subject).toBe("Set your password for Chamra Leather");
    expect(mail.text).toContain("An account at Chamra Leather has been made for you. Set your password here:");
    expect(mail.text).toContain(`\nhttps://shop.example.pk/reset-password?token=${TOKEN}\n`);
    expect(mail.text).toContain("The link works once, for 7 days. When it has expired, ask for a new one at https://shop.example.pk/forgot-password");
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });
});
