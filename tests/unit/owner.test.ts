// Owner by id (docs/product.md §20): the account the seed created, not whoever holds the username `owner`.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { changeUsername } from "~/models/accounts.server";
import { canDeletePortfolio, deletePortfolioItem, listProjects, PortfolioError } from "~/models/portfolio.server";
import { changeCampus } from "~/models/school.server";
import { getOwner, getUserById, insertUser, sessionUserView, type User } from "~/models/users.server";
import { loader as analyticsLoader } from "~/routes/analytics/route.server";
import { getDb, isUniqueViolation, schema } from "~/services/db.server";
import { createSessionCookie } from "~/services/session.server";
import { seed } from "~/flows/seed.server";

let owner: User;

beforeAll(async () => {
  await seed({ demo: false });
  owner = (await getOwner())!;
});

async function analyticsAs(user: User): Promise<number> {
  const cookie = (await createSessionCookie(new Request("http://localhost/"), user.id)).split(";")[0]!;
  try {
    await analyticsLoader({ request: new Request("http://localhost:3000/analytics", { headers: { Cookie: cookie } }), params: {}, context: {} as never });
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("the owner is the seed's account, by id", () => {
  it("is the account the seed created and marked", async () => {
    expect(owner).toMatchObject({ username: "owner", email: "owner@example.com", role: "owner" });
    expect((await getDb().select().from(schema.users).where(eq(schema.users.role, "owner")))).toHaveLength(1);
  });

  it("renaming the owner keeps its rights; a new user who takes the name `owner` gets none", async () => {
    await changeUsername(owner.id, "jordan-avery");
    const renamed = (await getUserById(owner.id))!;
    expect(renamed.username).toBe("jordan-avery");

    const impostor = await insertUser({ campusId: "ut", firstName: "Imp", lastName: "O.", username: "owner", email: "impostor@example.com", verified: true, schoolVerified: true });

    expect(sessionUserView(renamed, true).isOwner).toBe(true);
    expect(sessionUserView(impostor, true).isOwner).toBe(false);

    expect(await analyticsAs(renamed)).toBe(200);
    expect(await analyticsAs(impostor)).toBe(404);

    const project = (await listProjects())[0]!;
    expect(canDeletePortfolio(renamed, owner.id)).toBe(true);
    expect(canDeletePortfolio(impostor, owner.id)).toBe(false);
    await expect(deletePortfolioItem("project", project.id, impostor)).rejects.toMatchObject({ status: 403 });
    await expect(deletePortfolioItem("project", project.id, impostor)).rejects.toBeInstanceOf(PortfolioError);

    // The owner posts on every campus (school-verified without a school email); the impostor does not inherit it.
    expect((await changeCampus(renamed.id, "uf")).schoolVerified).toBe(true);
    expect((await changeCampus(impostor.id, "uf")).schoolVerified).toBe(false);

    // A restart's seed keeps the same owner: it does not adopt or create an account by the name.
    await seed({ demo: false });
    expect((await getOwner())!.id).toBe(owner.id);
    expect((await getDb().select().from(schema.users).where(eq(schema.users.role, "owner")))).toHaveLength(1);
  });

  it("at most one account can be the owner", async () => {
    const other = await insertUser({ campusId: "ou", firstName: "Two", lastName: "T.", username: "second-owner", email: "second@example.com" });
    const refused = await getDb().update(schema.users).set({ role: "owner" }).where(eq(schema.users.id, other.id)).then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(refused)).toBe(true);
  });
});
