// English counts with the right noun: "1 KV head", "2 KV heads", "all 1 row" reads "the 1 row".
// Chinese has no plural: its strings write the number alone.

/**
 * `n` and the noun, singular for exactly one ("1 group", "4 groups").
 * @param {number | string} n a count, or a count as printed ("1,024")
 * @param {string} one the singular
 * @param {string} [many] the plural (default: the singular + "s")
 */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${Number(String(n).replace(/,/g, '')) === 1 ? one : many}`;
}
