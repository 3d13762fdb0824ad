// How many K/V heads the query heads share, named: the one place the JS says MHA / GQA / MQA.

/**
 * 'mha' when every query head has its own K/V (G = H), 'mqa' for one shared K/V (G = 1), 'gqa'
 * between. G = H = 1 is 'mha'.
 * @param {number} nHeads H, query heads
 * @param {number} nKvHeads G, K/V heads (divides H)
 * @returns {'mha' | 'gqa' | 'mqa'}
 */
export function kvHeadsKind(nHeads, nKvHeads) {
  return nKvHeads === nHeads ? 'mha' : nKvHeads === 1 ? 'mqa' : 'gqa';
}
