import { bigint, text, timestamp } from "drizzle-orm/pg-core";
import { newId } from "../../ids";

/*
 * The columns every area's tables share. Money is always an integer number of paisa
 * (1 PKR = 100 paisa) in a bigint column, never a float: see docs/decisions/0003-money-in-paisa.md.
 */

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const money = (name: string) => bigint(name, { mode: "number" });
