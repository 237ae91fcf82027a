/**
 * What each account holds across all its channels and sockets, capped: its distinct
 * postgres_changes filters, and its distinct access tokens. A change costs the database one read
 * per distinct token listening (role and claims: RLS must decide for each) and tests every
 * distinct filter of each; without these caps one account could make every booking cost what
 * thousands of hosts would (100 channels × 100 filters, or 100 channels each joined with another
 * token of the account). An account is the token's user (`sub`); the publishable key and service
 * keys, which name no user, count per client address. A channel stays counted against the
 * account it joined as, whatever tokens it is given later.
 */
import type { Channel, Subscription } from './realtime-socket.ts';
import type { Identity } from './subscriber-identity.ts';

export interface AccountLimits {
  filtersPerAccount: number;
  tokensPerAccount: number;
}

/** What makes two subscriptions cost the database the same: their table and conditions. */
function filterKey(subscription: Subscription): string {
  return `${subscription.schema}\u0000${subscription.table ?? '*'}\u0000${subscription.conditionsKey}`;
}

export function accountOf(identity: Identity, address: string): string {
  const sub = identity.claims.sub;
  return typeof sub === 'string' && sub !== '' ? `user:${sub.toLowerCase()}` : `${identity.role}@${address}`;
}

/** How many channels hold each key. */
type Counts = Map<string, number>;

function increment(counts: Counts, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function decrement(counts: Counts, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

export class AccountBudget {
  private readonly accounts = new Map<string, { filters: Counts; tokens: Counts }>();
  /** What each registered channel was counted as. */
  private readonly counted = new Map<Channel, { account: string; filters: string[]; token: string }>();
  private readonly limits: AccountLimits;

  constructor(limits: AccountLimits) {
    this.limits = limits;
  }

  private tokensFull(account: string, token: string, freed?: string): boolean {
    const tokens = this.accounts.get(account)?.tokens;
    if (!tokens || tokens.has(token)) return false;
    const kept = tokens.size - (freed !== undefined && tokens.get(freed) === 1 ? 1 : 0);
    return kept + 1 > this.limits.tokensPerAccount;
  }

  private tokensReason(): string {
    return `at most ${this.limits.tokensPerAccount} distinct access tokens per account listening at once, across all its connections: leave a channel first`;
  }

  /** Undefined when `account` may also hold a channel with this token and these subscriptions. */
  admit(account: string, identity: Identity, subscriptions: readonly Subscription[]): string | undefined {
    const held = this.accounts.get(account)?.filters;
    const added = new Set(subscriptions.map(filterKey).filter((key) => !held?.has(key)));
    if ((held?.size ?? 0) + added.size > this.limits.filtersPerAccount) {
      return `at most ${this.limits.filtersPerAccount} distinct postgres_changes filters per account, across all its connections: leave a channel first`;
    }
    if (this.tokensFull(account, identity.claimsJson)) return this.tokensReason();
    return undefined;
  }

  add(channel: Channel, account: string, identity: Identity): void {
    this.remove(channel);
    const filters = [...new Set(channel.subscriptions.map(filterKey))];
    const entry = this.accounts.get(account) ?? { filters: new Map(), tokens: new Map() };
    for (const key of filters) increment(entry.filters, key);
    increment(entry.tokens, identity.claimsJson);
    this.accounts.set(account, entry);
    this.counted.set(channel, { account, filters, token: identity.claimsJson });
  }

  /** A live channel is given another token: counted instead of its old one, if there is room. */
  retoken(channel: Channel, identity: Identity): string | undefined {
    const counted = this.counted.get(channel);
    const entry = counted && this.accounts.get(counted.account);
    if (!counted || !entry || counted.token === identity.claimsJson) return undefined;
    if (this.tokensFull(counted.account, identity.claimsJson, counted.token)) return this.tokensReason();
    decrement(entry.tokens, counted.token);
    increment(entry.tokens, identity.claimsJson);
    counted.token = identity.claimsJson;
    return undefined;
  }

  remove(channel: Channel): void {
    const counted = this.counted.get(channel);
    if (!counted) return;
    this.counted.delete(channel);
    const entry = this.accounts.get(counted.account);
    if (!entry) return;
    for (const key of counted.filters) decrement(entry.filters, key);
    decrement(entry.tokens, counted.token);
    if (entry.filters.size === 0 && entry.tokens.size === 0) this.accounts.delete(counted.account);
  }
}
