// The tenants of one emulator: the default one (the fixture's credentials) and those created since,
// each found by the credentials a request carries. A request whose credentials no tenant issued goes
// to the default tenant, so an unsigned curl or a lenient-mode request still works.
import { parseAuthorization } from "../auth/oauth1.js";
import { fromBase64, randomToken, utf8Text } from "../bytes.js";
import type { Fixture } from "../fixture.js";
import { createTenant, type Tenant, type TenantShared } from "./tenant.js";

/** More tenants than any test run needs: a bound on what a caller can make the emulator hold. */
export const MAX_TENANTS = 1024;
export const DEFAULT_TENANT = "default";

/** The consumer key a request names: OAuth 1.0a's `oauth_consumer_key`, or Basic's user. */
function consumerKeyOf(authorization: string): string | undefined {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  if (basic !== undefined) return utf8Text(fromBase64(basic)).split(":")[0];
  return parseAuthorization(authorization)?.oauth_consumer_key;
}

export class TenantRegistry {
  readonly main: Tenant;
  private readonly byId = new Map<string, Tenant>();
  private readonly byConsumerKey = new Map<string, Tenant>();
  private created = 0;

  constructor(
    private readonly fixture: Fixture,
    private readonly shared: TenantShared,
  ) {
    this.main = createTenant(DEFAULT_TENANT, fixture, shared);
  }

  /** A new tenant with fresh credentials, the fixture's records, and an id sequence of its own. */
  create(): Tenant {
    if (this.byId.size >= MAX_TENANTS)
      throw new RangeError(`tenants: at most ${MAX_TENANTS} at once; delete one (DELETE /_emulator/tenants/ID) first`);
    const n = ++this.created;
    const id = `t${n}`;
    const fixture: Fixture = {
      ...this.fixture,
      consumerKey: `xadsTenant${n}Key${randomToken(9)}`,
      consumerSecret: randomToken(30),
      token: `${this.fixture.userId}-xadsTenant${n}${randomToken(18)}`,
      tokenSecret: randomToken(30),
    };
    // Knuth's multiplicative hash of the tenant's number: a different, reproducible id sequence each.
    const tenant = createTenant(id, fixture, this.shared, Math.imul(n, 0x9e3779b1) >>> 0 || 1);
    this.byId.set(id, tenant);
    this.byConsumerKey.set(fixture.consumerKey, tenant);
    return tenant;
  }

  get(id: string): Tenant | undefined {
    return id === DEFAULT_TENANT ? this.main : this.byId.get(id);
  }

  delete(id: string): boolean {
    const tenant = this.byId.get(id);
    if (!tenant) return false;
    this.byId.delete(id);
    this.byConsumerKey.delete(tenant.runtime.fixture.consumerKey);
    return true;
  }

  /** The ids of every tenant, the default first. */
  ids(): string[] {
    return [DEFAULT_TENANT, ...this.byId.keys()];
  }

  /** The tenant whose credentials a request's Authorization header carries; the default one otherwise. */
  of(authorization: string | null): Tenant {
    if (!authorization || this.byId.size === 0) return this.main;
    const key = consumerKeyOf(authorization);
    const byKey = key === undefined ? undefined : this.byConsumerKey.get(key);
    if (byKey) return byKey;
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    if (bearer !== undefined)
      for (const tenant of this.byId.values())
        if (Object.values(tenant.runtime.state().auth.apps).some((app) => app.bearer === bearer)) return tenant;
    return this.main;
  }
}
