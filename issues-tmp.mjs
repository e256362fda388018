import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p);
await cdp.send("Audits.enable");
cdp.on("Audits.issueAdded", (e) => console.log("ISSUE", JSON.stringify(e.issue).slice(0, 800)));
for (const u of process.argv.slice(2)) { console.log("==", u); await p.goto(u); await p.waitForLoadState("networkidle"); await p.waitForTimeout(1500); }
await b.close();
