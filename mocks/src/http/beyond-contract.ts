/**
 * The two ways a handler may answer more, or other, than its operation's 200 schema says, because
 * the real server does. Every other answer is checked at compile time against the operation's
 * response type (`satisfies HandlerTable`, ../service/handlers.ts); these are the only exits, and
 * `mocks/test/type-assertions.test.ts` counts their calls, so a new one is a reviewed decision.
 */

/**
 * `documented` with `undocumented` fields added after its own (in that order, as the server's JSON
 * has them): the answer keeps the documented type, the extra fields travel with it. For a body the
 * contract describes in full but for fields it leaves out on purpose (the bcrypt `password` hash a
 * sign-in with the super password answers). Needs no type assertion.
 * @returns a new object; neither argument is changed.
 */
export function withUndocumented<T extends object>(documented: T, undocumented: Readonly<Record<string, unknown>>): T {
  return Object.assign({}, documented, undocumented);
}

/**
 * `body`, answered as the operation's body type `B` although the contract's type does not describe
 * it: what the server echoes unchecked (a custom token's claims as signed, the fields of a request it
 * never validates), what one route answers for another's path (`GET /project_users/me` hits the
 * route of a teammate and answers an array), or values of any type a parser hands over (a sitemap's
 * `loc`). The answer is sent as is; `why` says which case it is (read by people, not at run time).
 */
export function beyondContract<B>(body: unknown, why: string): B {
  void why;
  return body as B;
}
